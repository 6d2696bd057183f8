import path from 'node:path';
import ts from 'typescript';

/**
 * Reads the hand-written Kysely table types (schema.ts) with the TypeScript compiler, so a test can hold
 * them against the migrated database: types vanish at run time, and a second hand-written list of
 * columns would only be one more copy to drift. Used by schema-drift.test.ts only.
 */

/** The kinds of value a column can hold, as both sides can name them. */
export type ValueFamily =
  | 'text'
  | 'integer'
  | 'bigint'
  | 'boolean'
  | 'timestamp'
  | 'json'
  | 'bytes'
  | 'text[]'
  | 'integer[]'
  | 'bigint[]';

export interface ColumnShape {
  /** Every family the selected type admits (one when the type is right; more is itself a finding). */
  families: ValueFamily[];
  nullable: boolean;
  /** The insert type admits undefined: the database must fill the column (default, identity) or allow null. */
  optionalOnInsert: boolean;
}

export type TableShapes = Map<string, Map<string, ColumnShape>>;

export interface SchemaTypes {
  tables: TableShapes;
  /** Compiler errors in the schema files (a type that does not resolve would read as anything). */
  diagnostics: string[];
}

/** Compiles the schema module and describes every table of its `DB` interface. */
export function readSchemaTypes(schemaPath: string, interfaceName = 'DB'): SchemaTypes {
  const program = ts.createProgram([schemaPath], compilerOptions(schemaPath));
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaPath);
  if (!source) throw new Error(`${schemaPath} is not part of the program`);
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName.includes('/db/schema'))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));

  const declaration = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === interfaceName,
  );
  if (!declaration) throw new Error(`${schemaPath} declares no interface ${interfaceName}`);

  const tables: TableShapes = new Map();
  for (const table of checker.getTypeAtLocation(declaration).getProperties()) {
    const columns = new Map<string, ColumnShape>();
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      columns.set(column.name, describeColumn(checker, checker.getTypeOfSymbol(column)));
    }
    tables.set(table.name, columns);
  }
  return { tables, diagnostics };
}

function compilerOptions(schemaPath: string): ts.CompilerOptions {
  const configPath = ts.findConfigFile(path.dirname(schemaPath), (file) => ts.sys.fileExists(file));
  if (!configPath) throw new Error(`no tsconfig.json above ${schemaPath}`);
  const read = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(read.config as object, ts.sys, path.dirname(configPath)).options;
}

/** Kysely's ColumnType<Select, Insert, Update> (and Generated) is an object of three phantom properties. */
function describeColumn(checker: ts.TypeChecker, type: ts.Type): ColumnShape {
  const selected = checker.getPropertyOfType(type, '__select__');
  const inserted = checker.getPropertyOfType(type, '__insert__');
  const selectType = selected ? checker.getTypeOfSymbol(selected) : type;
  const insertType = inserted ? checker.getTypeOfSymbol(inserted) : type;
  const members = unionMembers(selectType);
  const nullable = members.some((member) => member.flags & ts.TypeFlags.Null);
  const families = new Set<ValueFamily>();
  for (const member of members) {
    if (member.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) continue;
    families.add(familyOf(checker, member));
  }
  const optionalOnInsert = unionMembers(insertType).some(
    (member) => member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null),
  );
  return { families: [...families].sort(), nullable, optionalOnInsert };
}

function unionMembers(type: ts.Type): ts.Type[] {
  return type.isUnion() ? type.types : [type];
}

function familyOf(checker: ts.TypeChecker, type: ts.Type): ValueFamily {
  const flags = type.flags;
  if (flags & ts.TypeFlags.StringLike) return 'text';
  if (flags & ts.TypeFlags.NumberLike) return 'integer';
  if (flags & ts.TypeFlags.BigIntLike) return 'bigint';
  if (flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return 'json';
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    const elementFamily = element ? familyOf(checker, element) : 'json';
    if (elementFamily === 'text' || elementFamily === 'integer' || elementFamily === 'bigint') {
      return `${elementFamily}[]`;
    }
    return 'json';
  }
  const name = type.getSymbol()?.getName();
  if (name === 'Date') return 'timestamp';
  if (name === 'Buffer') return 'bytes';
  // Any other object (a record, ModuleFlags, a contract's tagged union) is stored as JSON.
  return 'json';
}

/** The family of a PostgreSQL column as information_schema.columns names its type (udt_name). */
export function familyOfUdt(udtName: string): ValueFamily | undefined {
  return udtFamilies[udtName];
}

// Only what node-postgres (with database.ts's int8 parser) hands back as these TypeScript types.
const udtFamilies: Record<string, ValueFamily> = {
  text: 'text',
  varchar: 'text',
  bpchar: 'text',
  uuid: 'text',
  xid8: 'text',
  inet: 'text',
  numeric: 'text',
  int2: 'integer',
  int4: 'integer',
  int8: 'bigint',
  bool: 'boolean',
  timestamptz: 'timestamp',
  timestamp: 'timestamp',
  date: 'timestamp',
  json: 'json',
  jsonb: 'json',
  bytea: 'bytes',
  _text: 'text[]',
  _varchar: 'text[]',
  _int2: 'integer[]',
  _int4: 'integer[]',
  _int8: 'bigint[]',
};
