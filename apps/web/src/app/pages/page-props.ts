import type { RouteEntry } from '../routes';

/** Every route page receives its route table entry. */
export interface PageProps {
  route: RouteEntry;
}
