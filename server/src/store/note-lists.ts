import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';

import type { Dialect } from './database';
import { priorityRank, readColumns, storedFlag, toNoteRecord } from './note-rows';
import type { CursorKey, ListFilter, ListPage, ListQuery, SortOrder } from './records';
import type { Database, NoteFieldsRow as NoteRow } from './schema';
import { foldCase } from './search-text';

interface SortKey {
  expr: RawBuilder<unknown>;
  dir: 'asc' | 'desc';
  value: (row: NoteRow) => string | number;
  /** What a cursor holds in this key's place: anything else is not a cursor this API gave out. */
  type: 'string' | 'number';
}

const createdAt: SortKey = {
  expr: sql`notes.created_at`,
  dir: 'desc',
  value: (r) => r.created_at,
  type: 'string',
};
const id: SortKey = { expr: sql`notes.id`, dir: 'desc', value: (r) => r.id, type: 'string' };

/** The order within each run (pinned, then not): every key but the pin. */
function sortKeys(order: SortOrder): SortKey[] {
  switch (order) {
    case 'DATE_OLDEST':
      return [
        { ...createdAt, dir: 'asc' },
        { ...id, dir: 'asc' },
      ];
    case 'PRIORITY_LOW_TO_HIGH':
      return [
        {
          expr: sql`(case when notes.priority = 0 then 4 else notes.priority end)`,
          dir: 'asc',
          value: (r) => (r.priority === 0 ? 4 : r.priority),
          type: 'number',
        },
        createdAt,
        id,
      ];
    case 'PRIORITY_HIGH_TO_LOW':
      return [
        {
          expr: sql`(case when notes.priority = 0 then 4 else 4 - notes.priority end)`,
          dir: 'asc',
          value: (r) => (r.priority === 0 ? 4 : 4 - r.priority),
          type: 'number',
        },
        createdAt,
        id,
      ];
    default:
      return [createdAt, id];
  }
}

/** A cursor key split into its run (pinned or not) and its place within that run. */
interface Position {
  pinned: boolean;
  within: CursorKey;
}

/**
 * The position a cursor key names in this ordering: `[1 or 0, ...one value per key]`. A key of
 * another length or with a value of the wrong type (a cursor from another ordering, one from
 * before pins, or a forged one) is a RangeError, never a query the database refuses.
 */
function positionOf(after: CursorKey, keys: SortKey[]): Position {
  const [pin, ...within] = after;
  if (
    (pin !== 0 && pin !== 1) ||
    within.length !== keys.length ||
    within.some((value, i) => typeof value !== keys[i]!.type)
  ) {
    throw new RangeError('cursor does not fit this ordering');
  }
  return { pinned: pin === 1, within };
}

/** Rows strictly after `after` in the ordering: (k1 > v1) or (k1 = v1 and k2 > v2) or … */
function afterCondition(keys: SortKey[], after: CursorKey): RawBuilder<SqlBool> {
  const alternatives = keys.map((key, i) => {
    const equal = keys.slice(0, i).map((k, j) => sql`${k.expr} = ${after[j]}`);
    const beyond =
      key.dir === 'asc' ? sql`${key.expr} > ${after[i]}` : sql`${key.expr} < ${after[i]}`;
    return sql`(${sql.join([...equal, beyond], sql` and `)})`;
  });
  return sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
}

/** Queries shorter than this (in characters) cannot use a trigram index and scan instead. */
const trigramLength = 3;

/** From this many index candidates on, a date-ordered page walks the list instead (see bench/). */
const manyCandidates = 1000;

/**
 * An FTS5 query for the notes holding every trigram of `needle` (each one quoted, so no character
 * is FTS syntax). The index keeps no positions, so this narrows; instr() then decides.
 */
function ftsTrigrams(needle: string): string {
  const chars = [...needle];
  const trigrams = new Set<string>();
  for (let i = 0; i + trigramLength <= chars.length; i += 1) {
    trigrams.add(chars.slice(i, i + trigramLength).join(''));
  }
  return [...trigrams].map((t) => `"${t.replaceAll('"', '""')}"`).join(' AND ');
}

/** `needle` as a LIKE pattern matching it anywhere, with LIKE's wildcards taken literally. */
const likeAnywhere = (needle: string) => `%${needle.replace(/[\\%_]/g, '\\$&')}%`;

/** The SQL of filtered, ordered, paged lists; every query is scoped by owner. */
export function listQueries(dialect: Dialect) {
  const contains = (column: string, needle: string) =>
    dialect === 'postgres'
      ? sql<SqlBool>`strpos(${sql.ref(column)}, ${needle}) > 0`
      : sql<SqlBool>`instr(${sql.ref(column)}, ${needle}) > 0`;

  /**
   * A substring of the title or the plain text, whatever the letter case: `needle`, folded
   * (search-text.ts), in the note's folded title or text. As two conditions: `narrow`, the notes
   * a trigram index names (queries of three characters or more: FTS5 on SQLite, pg_trgm on
   * PostgreSQL), and `decide`, the exact test. On PostgreSQL the index serves the exact test
   * itself; on SQLite the index only narrows and instr() decides; a shorter query scans the
   * user's list. `filtered` puts `decide` after every cheaper condition, so SQLite reads the text
   * only of notes that pass the others.
   */
  function matches(
    needle: string,
    walkByDate = false,
  ): { narrow?: RawBuilder<SqlBool>; decide: RawBuilder<SqlBool> } {
    const scan = sql<SqlBool>`(${contains('notes.search_title', needle)} or ${contains('notes.search_text', needle)})`;
    if ([...needle].length < trigramLength) return { decide: scan };
    if (dialect === 'postgres') {
      const pattern = likeAnywhere(needle);
      return {
        decide: sql<SqlBool>`(notes.search_title like ${pattern} or notes.search_text like ${pattern})`,
      };
    }
    // Unary + stops SQLite from fetching the candidates by rowid: it then walks the user's
    // date index instead, testing each note against the candidate set, and stops at the page.
    const rowid = walkByDate ? sql`+notes.rowid` : sql`notes.rowid`;
    return {
      // The index holds a note's title and its text apart, at rowid × 2 and rowid × 2 + 1.
      narrow: sql<SqlBool>`${rowid} in (select rowid >> 1 from notes_search where notes_search match ${ftsTrigrams(needle)})`,
      decide: scan,
    };
  }

  /** On SQLite, whether the trigram index names the candidate notes (a search of 3+ characters). */
  const byCandidates = (q: { search?: string }): boolean =>
    dialect === 'sqlite' && q.search !== undefined && [...q.search].length >= trigramLength;

  /**
   * On SQLite, whether a page is cheaper found by walking the list by date than by fetching
   * every candidate the index names: so when the index names many notes (a common word) and the
   * list is in date order, where the first notes walked will fill the page.
   */
  async function walkByDate(db: Kysely<Database>, q: ListQuery): Promise<boolean> {
    if (dialect !== 'sqlite' || !q.search || [...q.search].length < trigramLength) return false;
    if (q.sort !== 'DATE_LATEST' && q.sort !== 'DATE_OLDEST') return false;
    const { rows } = await sql<{ n: number }>`select count(*) as n from (
      select 1 from notes_search where notes_search match ${ftsTrigrams(q.search)} limit ${manyCandidates}
    )`.execute(db);
    return (rows[0]?.n ?? 0) >= manyCandidates;
  }

  function filtered(db: Kysely<Database>, q: ListFilter, byDate = false) {
    let query = db
      .selectFrom('notes')
      .where('notes.user_id', '=', q.userId)
      .where('notes.location', '=', q.location);
    const search = q.search ? matches(q.search, byDate) : undefined;
    if (search?.narrow) query = query.where(search.narrow);
    if (q.priority !== undefined) {
      query = query.where('notes.priority', '=', priorityRank(q.priority));
    }
    if (q.tags && q.tags.length > 0) {
      const tags = [...q.tags];
      if (byCandidates(q) && !byDate) {
        // The search index names the candidates: the user's notes with any of the labels are
        // read once from the (user, tag, note) index and SQLite tests each candidate against a
        // Bloom filter of them, cheaper than an index probe per candidate (see bench/).
        query = query.where('notes.id', 'in', (eb) =>
          eb
            .selectFrom('note_tags')
            .select('note_tags.note_id')
            .where('note_tags.user_id', '=', q.userId)
            .where('note_tags.tag', 'in', tags),
        );
      } else {
        // Walking a list in order: a probe per note, so the walk can stop at the page.
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('note_tags')
              .select(sql`1`.as('one'))
              .whereRef('note_tags.note_id', '=', 'notes.id')
              .where('note_tags.user_id', '=', q.userId)
              .where('note_tags.tag', 'in', tags),
          ),
        );
      }
    }
    // Last: SQLite tests WHERE terms in the order written, and this one reads each note's text.
    if (search) query = query.where(search.decide);
    return query;
  }

  /** The query with its search folded, as the folded columns it is compared with. */
  const folded = <Q extends ListFilter>(q: Q): Q =>
    q.search ? { ...q, search: foldCase(q.search) } : q;

  /** Each note's cursor key: its run, then its value for every sort key. */
  const cursorKey = (keys: SortKey[]) => (row: NoteRow) => [
    row.pinned ? 1 : 0,
    ...keys.map((k) => k.value(row)),
  ];

  return {
    /**
     * One page of a list, pinned notes first, each run in the list's order, plus the cursor key
     * of each note. A page starting among the pinned notes reads the rest of them, then as many
     * unpinned notes as the page still has room for; one starting among the unpinned reads only
     * those. So each read is `pinned = ?` then the order, which one index serves.
     */
    async page(db: Kysely<Database>, request: ListQuery): Promise<ListPage> {
      const q = folded(request);
      const keys = sortKeys(q.sort);
      const after = q.after ? positionOf(q.after, keys) : undefined;
      const byDate = await walkByDate(db, q);
      // A first page that fetches and sorts every candidate the index names (SQLite, no walk)
      // has the whole filtered set in hand: it sorts the pinned first and counts it too in one
      // pass, which saves a second pass over the candidates for the total. Elsewhere the page
      // stops early, so count() stays separate.
      if (byCandidates(q) && !byDate && !after) {
        let query = filtered(db, q)
          .select(readColumns)
          .select(sql<number>`count(*) over ()`.as('total_count'))
          .orderBy('notes.pinned', 'desc');
        for (const key of keys) query = query.orderBy(key.expr, key.dir);
        const found = await query.limit(q.limit).execute();
        const rows: NoteRow[] = found.map(({ total_count: _count, ...row }) => row);
        return {
          notes: rows.map(toNoteRecord),
          keys: rows.map(cursorKey(keys)),
          total: Number(found[0]?.total_count ?? 0),
        };
      }
      const runs: Array<{ pinned: boolean; after?: CursorKey }> = !after
        ? [{ pinned: true }, { pinned: false }]
        : after.pinned
          ? [{ pinned: true, after: after.within }, { pinned: false }]
          : [{ pinned: false, after: after.within }];
      const rows: NoteRow[] = [];
      for (const run of runs) {
        if (rows.length >= q.limit) break;
        let query = filtered(db, q, byDate)
          .select(readColumns)
          .where('notes.pinned', '=', storedFlag(dialect, run.pinned));
        if (run.after) query = query.where(afterCondition(keys, run.after));
        for (const key of keys) query = query.orderBy(key.expr, key.dir);
        rows.push(...(await query.limit(q.limit - rows.length).execute()));
      }
      return { notes: rows.map(toNoteRecord), keys: rows.map(cursorKey(keys)) };
    },

    async count(db: Kysely<Database>, q: ListFilter): Promise<number> {
      const row = await filtered(db, folded(q))
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type ListQueries = ReturnType<typeof listQueries>;
