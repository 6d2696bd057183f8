import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type TransactionSettings,
} from 'kysely';

/** An open unit of work: one connection inside one transaction, and how deep its inner transactions go. */
interface Unit {
  connection: DatabaseConnection;
  depth: number;
  /** False once the unit has committed or rolled back: work it left running goes back to the pool. */
  open: boolean;
}

const units = new AsyncLocalStorage<Unit>();
/** Units running now; at none the storage is disabled, so its async hooks cost nothing between them. */
let running = 0;

/** The unit this code runs in, if it is still open. */
function currentUnit(): Unit | undefined {
  const unit = units.getStore();
  return unit?.open ? unit : undefined;
}

/** True while this code runs inside an open unit of work (its reads must see the unit's own writes). */
export function inUnitOfWork(): boolean {
  return currentUnit() !== undefined;
}

/**
 * A driver that lets a unit of work hold one transaction around code written for its own: inside
 * `inUnitOfWork`, every query of the same Kysely instance goes to the unit's connection, and a
 * transaction a service opens becomes a savepoint of the unit's (its commit releases the savepoint, its
 * rollback rolls back to it). Outside a unit it is the wrapped driver, untouched.
 */
class UnitOfWorkDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    const unit = currentUnit();
    return unit ? Promise.resolve(unit.connection) : this.inner.acquireConnection();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const unit = unitOf(connection);
    if (!unit) return this.inner.beginTransaction(connection, settings);
    unit.depth += 1;
    await connection.executeQuery(CompiledQuery.raw(`savepoint unit_${unit.depth}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const unit = unitOf(connection);
    if (!unit) return this.inner.commitTransaction(connection);
    await connection.executeQuery(CompiledQuery.raw(`release savepoint unit_${unit.depth}`));
    unit.depth -= 1;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const unit = unitOf(connection);
    if (!unit) return this.inner.rollbackTransaction(connection);
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint unit_${unit.depth}`));
    await connection.executeQuery(CompiledQuery.raw(`release savepoint unit_${unit.depth}`));
    unit.depth -= 1;
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return unitOf(connection) ? Promise.resolve() : this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The current unit when `connection` is its connection (a connection taken before the unit is not). */
function unitOf(connection: DatabaseConnection): Unit | undefined {
  const unit = currentUnit();
  return unit?.connection === connection ? unit : undefined;
}

/** Runs work as one unit of work (see UnitOfWork.run). */
export type RunUnit = <Result>(
  work: () => Promise<Result>,
  finish: (result: Result) => Promise<void>,
) => Promise<Result>;

/**
 * A dialect whose driver supports units of work, and the function that runs one. Everything else is the
 * wrapped dialect's.
 */
export function unitOfWorkDialect(dialect: Dialect): { dialect: Dialect; runUnit: RunUnit } {
  let driver: Driver | undefined;
  const wrapped: Dialect = {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => {
      driver = dialect.createDriver();
      return new UnitOfWorkDriver(driver);
    },
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
  /**
   * Runs `work` as one transaction on one connection: every query the Kysely instance on this dialect
   * makes meanwhile (in any service, through any transaction it opens) is part of it, and `finish` runs
   * last inside it (the audit row). Commits when both succeed; rolls everything back when either throws.
   * Units do not nest: work already inside a unit joins it. Work must not run two transactions at once.
   */
  const runUnit: RunUnit = async (work, finish) => {
    if (currentUnit()) {
      const result = await work();
      await finish(result);
      return result;
    }
    if (!driver) throw new Error('the database has not been used yet');
    const connection = await driver.acquireConnection();
    const unit: Unit = { connection, depth: 0, open: true };
    running += 1;
    try {
      await connection.executeQuery(CompiledQuery.raw('begin'));
      try {
        const result = await units.run(unit, async () => {
          const value = await work();
          await finish(value);
          return value;
        });
        await connection.executeQuery(CompiledQuery.raw('commit'));
        return result;
      } catch (error) {
        await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
        throw error;
      }
    } finally {
      unit.open = false;
      running -= 1;
      if (running === 0) units.disable();
      await driver.releaseConnection(connection);
    }
  };
  return { dialect: wrapped, runUnit };
}
