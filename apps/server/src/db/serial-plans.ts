/**
 * The server options of every portal connection (primary and replica pools): no parallel query
 * (decision 0053). The portal's reads are many small ones at once; a parallel plan starts worker
 * processes for each (5 ms for a read of 0.2 ms), which under load slowed every request once the tables
 * had grown past the planner's threshold.
 */
export const serialPlansOnly = '-c max_parallel_workers_per_gather=0';
