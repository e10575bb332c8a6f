import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A version per company of what the Nodes list filters and sorts by (server/resources/node-search.ts): every node
 * added or removed, every change of a node's name, serial, device type, hub, site or company, and every rename of a
 * hub or site that has nodes, moves its company's number on, in the transaction of the write. A server that holds a
 * company's list in memory reads this one row per request and uses its copy only while the number is unchanged, so a
 * write by any process on the database (another instance, the seed, a script) is seen on the next list call.
 *
 * Triggers rather than calls in the code: writers are many (the nodes, hubs and sites resources, moving a hub, the
 * seed, cascades of a deleted hub, site or company), and a writer that forgot the bump would serve stale rows. The
 * conditions leave out what changes all the time (last seen, battery, signal: ingest), so the hot path never fires one.
 * No foreign key to companies: the row outlives its company, so a number is never handed out twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('node_list_versions')
    .addColumn('company_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgres(db);
  else await sqlite(db);
}

const NODE_FIELDS = ['name', 'serial', 'device_type', 'hub_id', 'site_id', 'company_id', 'id'];

async function sqlite(db: Kysely<unknown>): Promise<void> {
  const bump = (company: string) =>
    `INSERT INTO node_list_versions (company_id, version) VALUES (${company}, 1) ON CONFLICT (company_id) DO UPDATE SET version = version + 1;`;
  // SQLite parses `ON CONFLICT` after `INSERT … SELECT` only with a WHERE clause before it.
  const bumpNodesOf = (column: string) =>
    `INSERT INTO node_list_versions (company_id, version) SELECT DISTINCT company_id, 1 FROM nodes WHERE ${column} = NEW.id ON CONFLICT (company_id) DO UPDATE SET version = version + 1;`;
  const changed = NODE_FIELDS.map((f) => `OLD.${f} IS NOT NEW.${f}`).join(' OR ');
  await sql.raw(`CREATE TRIGGER nodes_list_inserted AFTER INSERT ON nodes BEGIN ${bump('NEW.company_id')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER nodes_list_deleted AFTER DELETE ON nodes BEGIN ${bump('OLD.company_id')} END`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER nodes_list_updated AFTER UPDATE OF ${NODE_FIELDS.join(', ')} ON nodes WHEN ${changed}
       BEGIN ${bump('NEW.company_id')} INSERT INTO node_list_versions (company_id, version) SELECT OLD.company_id, 1 WHERE OLD.company_id IS NOT NEW.company_id
       ON CONFLICT (company_id) DO UPDATE SET version = version + 1; END`,
    )
    .execute(db);
  await sql.raw(`CREATE TRIGGER hubs_list_renamed AFTER UPDATE OF name ON hubs WHEN OLD.name IS NOT NEW.name BEGIN ${bumpNodesOf('hub_id')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER sites_list_renamed AFTER UPDATE OF name ON sites WHEN OLD.name IS NOT NEW.name BEGIN ${bumpNodesOf('site_id')} END`).execute(db);
}

/**
 * Inserts and deletes bump once per statement (a seed of 50,000 nodes updates the row once, not 50,000 times, which
 * on PostgreSQL would leave as many dead row versions); updates bump per row, so that the condition is tested before
 * any function runs and ingest's updates of last seen and battery cost nothing.
 */
async function postgres(db: Kysely<unknown>): Promise<void> {
  const upsert = (select: string) =>
    `INSERT INTO node_list_versions (company_id, version) ${select} ON CONFLICT (company_id) DO UPDATE SET version = node_list_versions.version + 1;`;
  await sql
    .raw(
      `CREATE FUNCTION node_list_bump_rows() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${upsert('SELECT DISTINCT company_id, 1 FROM changed ORDER BY company_id')}
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  await sql.raw(`CREATE TRIGGER nodes_list_inserted AFTER INSERT ON nodes REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION node_list_bump_rows()`).execute(db);
  await sql.raw(`CREATE TRIGGER nodes_list_deleted AFTER DELETE ON nodes REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION node_list_bump_rows()`).execute(db);
  await sql
    .raw(
      `CREATE FUNCTION node_list_bump_node() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${upsert('SELECT company_id, 1 FROM (VALUES (OLD.company_id), (NEW.company_id)) AS c (company_id) GROUP BY company_id ORDER BY company_id')}
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  const changed = NODE_FIELDS.map((f) => `OLD.${f} IS DISTINCT FROM NEW.${f}`).join(' OR ');
  await sql.raw(`CREATE TRIGGER nodes_list_updated AFTER UPDATE ON nodes FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION node_list_bump_node()`).execute(db);
  for (const [table, column] of [['hubs', 'hub_id'], ['sites', 'site_id']] as const) {
    await sql
      .raw(
        `CREATE FUNCTION node_list_bump_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           ${upsert(`SELECT DISTINCT company_id, 1 FROM nodes WHERE ${column} = NEW.id ORDER BY company_id`)}
           RETURN NULL;
         END $$`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_list_renamed AFTER UPDATE ON ${table} FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION node_list_bump_${table}()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [trigger, table] of [['nodes_list_inserted', 'nodes'], ['nodes_list_deleted', 'nodes'], ['nodes_list_updated', 'nodes'], ['hubs_list_renamed', 'hubs'], ['sites_list_renamed', 'sites']]) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) await sql.raw(`DROP TRIGGER IF EXISTS ${trigger} ON ${table}`).execute(db);
    else await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(db);
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const f of ['node_list_bump_rows', 'node_list_bump_node', 'node_list_bump_hubs', 'node_list_bump_sites']) await sql.raw(`DROP FUNCTION IF EXISTS ${f}()`).execute(db);
  }
  await db.schema.dropTable('node_list_versions').execute();
}
