import type { Kysely } from 'kysely';

/**
 * The monitoring world: sites (with sub-sites), hubs, nodes, signal types, feeds, node tags, readings and their
 * rollups. company_id is carried on every row a tenant check needs, so a check is one indexed comparison.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sites')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('company_id', 'varchar(64)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('parent_site_id', 'varchar(64)', (c) => c.references('sites.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('address', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('coordinates', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
    .addColumn('safe_min', 'double precision')
    .addColumn('safe_max', 'double precision')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sites_company').on('sites').columns(['company_id', 'parent_site_id']).execute();

  await db.schema
    .createTable('hubs')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('site_id', 'varchar(64)', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('company_id', 'varchar(64)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('serial', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('firmware', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('reporting_period_s', 'integer', (c) => c.notNull().defaultTo(900))
    .addColumn('last_seen_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hubs_site').on('hubs').column('site_id').execute();

  await db.schema
    .createTable('hub_api_keys')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('hub_id', 'varchar(64)', (c) => c.notNull().references('hubs.id').onDelete('cascade'))
    .addColumn('key_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('label', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();

  await db.schema
    .createTable('nodes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('hub_id', 'varchar(64)', (c) => c.notNull().references('hubs.id').onDelete('cascade'))
    .addColumn('site_id', 'varchar(64)', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('company_id', 'varchar(64)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('serial', 'varchar(64)', (c) => c.notNull())
    .addColumn('device_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('battery_pct', 'double precision')
    .addColumn('signal_dbm', 'double precision')
    .addColumn('last_seen_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('nodes_site').on('nodes').column('site_id').execute();
  await db.schema.createIndex('nodes_hub').on('nodes').column('hub_id').execute();

  await db.schema
    .createTable('signal_types')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('unit', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('feeds')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addColumn('company_id', 'varchar(64)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('signal_type_id', 'varchar(64)', (c) => c.notNull().references('signal_types.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('range_min', 'double precision')
    .addColumn('range_max', 'double precision')
    .execute();
  await db.schema.createIndex('feeds_node').on('feeds').column('node_id').execute();

  await db.schema
    .createTable('node_tags')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('company_id', 'varchar(64)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('colour', 'varchar(16)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('node_tag_links')
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addColumn('tag_id', 'varchar(64)', (c) => c.notNull().references('node_tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('node_tag_links_pk', ['node_id', 'tag_id'])
    .execute();

  // The largest table by far: one row per (feed, instant), appended by ingest.
  await db.schema
    .createTable('readings')
    .addColumn('feed_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('readings_pk', ['feed_id', 'ts'])
    .execute();

  // Maintained on ingest: grain '15m' and '1h' are UTC-aligned, '1d' is the site's local day.
  await db.schema
    .createTable('reading_rollups')
    .addColumn('feed_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('grain', 'varchar(8)', (c) => c.notNull())
    .addColumn('bucket', 'bigint', (c) => c.notNull())
    .addColumn('min', 'double precision', (c) => c.notNull())
    .addColumn('max', 'double precision', (c) => c.notNull())
    .addColumn('sum', 'double precision', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('first_ts', 'bigint', (c) => c.notNull())
    .addColumn('first', 'double precision', (c) => c.notNull())
    .addColumn('last_ts', 'bigint', (c) => c.notNull())
    .addColumn('last', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_rollups_pk', ['feed_id', 'grain', 'bucket'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['reading_rollups', 'readings', 'node_tag_links', 'node_tags', 'feeds', 'signal_types', 'nodes', 'hub_api_keys', 'hubs', 'sites']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
