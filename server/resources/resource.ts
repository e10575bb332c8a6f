import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import { auditRequest, claimsOf, type AppDeps } from '../context';
import { AppError, forbidden, notFound, parse } from '../errors';
import type { Db } from '../db/database';
import type { AccessClaims } from '../auth/tokens';
import { requireTokenCompany, type Role } from '../auth/site-scope';
import { requestLanguage, type MailLocale } from '../mail/language';
import { id } from '../../src/api/contract/common';
import type { ListAnswer, ListParams } from '../../src/api/contract/list';
import { mayManage } from '../../src/api/contract/roles';

/** Whom a request acts for: the token's company and the role there (docs/product.md, Management: resources are scoped to it). */
export interface Scope {
  companyId: string;
  role: Role;
  claims: AccessClaims;
  now: number;
  /** The language the request speaks (Accept-Language), for mails to someone with no language of their own. */
  language?: MailLocale;
}

/** What uses a row that is asked to be deleted: docs/product.md, Management answers 409 `in_use` naming it. */
export interface Usage {
  /** What kind of thing uses it, plural: "nodes", "feeds", "hubs", "sub-sites". */
  kind: string;
  count: number;
  /** A few of their names, for the message. */
  names: string[];
}

/**
 * One management resource (docs/product.md, Management): `GET /api/R` (the list answer), `GET /api/R/{id}`, `POST` (201, the created
 * object), `PUT /api/R/{id}` (the updated object), `DELETE /api/R/{id}` (`{ deleted: true }`). A resource says how its
 * rows are read and written; this module owns everything they share: the scope, the roles, the 404 for another
 * company's id, input parsing, the 409 for what is still in use, a transaction per write, and the audit entry.
 */
export interface ResourceDef<Item, Row, Query extends ListParams, Create, Update> {
  /** The path segment: `node-tags` serves /api/node-tags. Also the audit action's prefix. */
  path: string;
  /** For messages: "Node tag". */
  noun: string;
  /** The plural, for messages and the API document: "Node tags", "Companies". */
  plural: string;
  /** The answer's item: the contract schema the API documents and the tests parse answers with. */
  item: ZodType<Item>;
  listQuery: ZodType<Query>;
  createInput: ZodType<Create>;
  updateInput: ZodType<Update>;
  /** The `{id}` of a row's path; an opaque id unless said otherwise (white-label settings are named by host name). */
  idParam?: ZodType<string>;
  /** Who may read; every member of the company unless said otherwise. */
  readers?: (role: Role) => boolean;
  /** Who may write; managers and admins unless said otherwise (docs/product.md, Roles). */
  writers?: (role: Role) => boolean;
  /** The scope of a request; the token's company unless said otherwise (companies are platform-wide). */
  scope?: (db: Db, claims: AccessClaims) => Promise<Omit<Scope, 'claims' | 'now'>>;
  list(db: Db, scope: Scope, query: Query): Promise<ListAnswer<Item>>;
  /** The row with this id when it lies in the scope; undefined (404) for unknown and foreign ids alike. */
  find(db: Db, scope: Scope, id: string): Promise<Row | undefined>;
  /** A row as the API answers it. */
  view(db: Db, scope: Scope, row: Row): Promise<Item>;
  /**
   * A check of a POST's or PUT's input before the write's transaction, outside it: what it records outlasts a refusal
   * that rolls the write back (the hubs resource counts refused serials). `rowId` is the id a PUT names, not yet found.
   */
  admit?(deps: AppDeps, scope: Scope, input: Create | Update, rowId?: string): Promise<void>;
  create(db: Db, scope: Scope, input: Create): Promise<Row>;
  /**
   * Work that follows a committed create, outside its transaction: the users resource mails its invitation only once
   * the membership exists for good (inside, the mail would wait on SQLite's one connection the transaction holds).
   */
  created?(deps: AppDeps, scope: Scope, row: Row): Promise<void>;
  update(db: Db, scope: Scope, row: Row, input: Update): Promise<Row>;
  /** What still uses the row; a delete is refused while anything does. */
  usage?(db: Db, scope: Scope, row: Row): Promise<Usage | null>;
  remove(db: Db, scope: Scope, row: Row): Promise<void>;
  /** The row in an audit entry: its name, or what identifies it to a reader of the log. */
  describe(row: Row): string;
  /** The user an audit entry is about (the users resource). */
  subjectOf?(row: Row): string | null;
  /** Extra routes of the resource (a hub's keys), registered with the same scope rules. */
  extra?(app: FastifyInstance, deps: AppDeps, helpers: ResourceHelpers<Row>): void;
}

/** A resource with its types erased, for the list of them all (registration and the API document). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResource = ResourceDef<any, any, any, any, any>;

/** Declares a resource; the types are checked here, then erased so every resource fits one list. */
export const defineResource = <Item, Row, Query extends ListParams, Create, Update>(def: ResourceDef<Item, Row, Query, Create, Update>): AnyResource => def;

export interface ResourceHelpers<Row> {
  scopeOf(req: FastifyRequest, write?: boolean): Promise<Scope>;
  /** The row in scope, else 404; `on` is the transaction when called inside one. */
  rowOf(scope: Scope, id: string, on?: Db): Promise<Row>;
}

const idParams = z.object({ id }).strict();
const everyMember = () => true;
/** Managers and admins write resources: the contract's rule, the one the client asks too. */
export const managersAndAdmins = mayManage;

/** A 409 naming what still uses a row, so the person deleting it knows what to move first. */
export function inUse(noun: string, usage: Usage): AppError {
  const names = usage.names.length ? `: ${usage.names.join(', ')}${usage.count > usage.names.length ? ', …' : ''}` : '';
  return new AppError(409, 'in_use', `${noun} is in use by ${usage.count} ${usage.kind}${names}`, usage);
}

/** A 409 for a value that must be unique (a tag name in its company, a hub serial), naming the field. */
export function duplicate(field: string, message: string): AppError {
  return new AppError(409, 'duplicate', `${field}: ${message}`, [{ path: field, message, code: 'duplicate' }]);
}

const companyScope = async (db: Db, claims: AccessClaims) => {
  const s = await requireTokenCompany(db, claims);
  return { companyId: s.companyId, role: s.role };
};

export function resourceRoutes<Item, Row, Query extends ListParams, Create, Update>(
  app: FastifyInstance,
  deps: AppDeps,
  def: ResourceDef<Item, Row, Query, Create, Update>,
): void {
  const { db } = deps;
  const readers = def.readers ?? everyMember;
  const writers = def.writers ?? managersAndAdmins;
  const base = `/api/${def.path}`;

  const scopeOf = async (req: FastifyRequest, write = false): Promise<Scope> => {
    const claims = claimsOf(req);
    const s = await (def.scope ?? companyScope)(db, claims);
    if (!readers(s.role) || (write && !writers(s.role))) {
      throw forbidden(write ? `Your role cannot change ${def.plural.toLowerCase()}` : `Your role cannot see ${def.plural.toLowerCase()}`);
    }
    return { ...s, claims, now: deps.auth.now(), language: requestLanguage(req.headers) };
  };
  const rowOf = async (scope: Scope, rowId: string, on: Db = db): Promise<Row> => {
    const row = await def.find(on, scope, rowId);
    if (!row) throw notFound(`${def.noun} not found`);
    return row;
  };
  const params = def.idParam ? z.object({ id: def.idParam }).strict() : idParams;
  const paramsOf = (req: FastifyRequest) => parse(params, req.params).id;
  const record = (req: FastifyRequest, tx: Db, scope: Scope, verb: string, row: Row) =>
    auditRequest(tx, req, { companyId: scope.companyId, action: `${def.path}.${verb}`, detail: def.describe(row), subjectUserId: def.subjectOf?.(row) ?? null });

  app.get(base, async (req) => {
    const scope = await scopeOf(req);
    return def.list(db, scope, parse(def.listQuery, req.query));
  });

  app.get(`${base}/:id`, async (req) => {
    const scope = await scopeOf(req);
    return { data: await def.view(db, scope, await rowOf(scope, paramsOf(req))) };
  });

  app.post(base, async (req, reply) => {
    const scope = await scopeOf(req, true);
    const input = parse(def.createInput, req.body);
    await def.admit?.(deps, scope, input);
    const { row, item } = await db.transaction().execute(async (tx) => {
      const row = await def.create(tx, scope, input);
      await record(req, tx, scope, 'create', row);
      return { row, item: await def.view(tx, scope, row) };
    });
    await def.created?.(deps, scope, row);
    return reply.code(201).send({ data: item });
  });

  app.put(`${base}/:id`, async (req) => {
    const scope = await scopeOf(req, true);
    const rowId = paramsOf(req);
    const input = parse(def.updateInput, req.body);
    await def.admit?.(deps, scope, input, rowId);
    const item = await db.transaction().execute(async (tx) => {
      const before = await rowOf(scope, rowId, tx);
      const row = await def.update(tx, scope, before, input);
      await record(req, tx, scope, 'update', row);
      return def.view(tx, scope, row);
    });
    return { data: item };
  });

  app.delete(`${base}/:id`, async (req) => {
    const scope = await scopeOf(req, true);
    const rowId = paramsOf(req);
    await db.transaction().execute(async (tx) => {
      const row = await rowOf(scope, rowId, tx);
      const usage = await def.usage?.(tx, scope, row);
      if (usage && usage.count > 0) throw inUse(def.noun, usage);
      await def.remove(tx, scope, row);
      await record(req, tx, scope, 'delete', row);
    });
    return { data: { deleted: true as const } };
  });

  def.extra?.(app, deps, { scopeOf, rowOf });
}
