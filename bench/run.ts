/**
 * `npm run bench` (`-- --quick` for a short run, `-- --no-pg` to skip PostgreSQL, `-- --no-client`
 * to skip the browser figures, `-- --client-only` for the browser figures alone, `-- --sync-only`
 * for the live-sync figures alone, `-- --checklist-only` for ticking a checklist item on a card
 * alone, `-- --files-only` for the import and export figures alone, `-- --attachments-only` for
 * the attachments' upload, thumbnail and /home transfer figures alone, `-- --offline-only` for the
 * repeat visit from the local cache and the list read from it alone): every figure beside a
 * baseline measured in the same run, printed as one table and written to
 * bench/results/latest.json.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { apiOverhead } from './api';
import { apiTokenFigure } from './api-token';
import { attachmentFigures } from './attachments';
import { checklistFigure } from './checklist';
import { clientFigures } from './client';
import { filesFigures } from './files';
import { hostFigure, hostLine } from './host';
import { listReadFigures } from './list-read';
import { reminderFigures } from './reminders';
import { repeatVisitFigures } from './repeat-visit';
import { freePort, root, startMedian, startProcess } from './lib/server';
import type { Figure } from './lib/stats';
import { searchSqlite } from './search';
import { syncFigures } from './sync';

const quick = process.argv.includes('--quick');
const clientOnly = process.argv.includes('--client-only');
const syncOnly = process.argv.includes('--sync-only');
const checklistOnly = process.argv.includes('--checklist-only');
const filesOnly = process.argv.includes('--files-only');
const attachmentsOnly = process.argv.includes('--attachments-only');
const offlineOnly = process.argv.includes('--offline-only');
const withPg =
  !clientOnly &&
  !syncOnly &&
  !checklistOnly &&
  !filesOnly &&
  !attachmentsOnly &&
  !offlineOnly &&
  !process.argv.includes('--no-pg');
const withClient =
  !syncOnly && !filesOnly && !attachmentsOnly && !process.argv.includes('--no-client');
const seconds = quick ? 3 : 10;
const runs = quick ? 20 : 50;

function fmt(n: number | null, digits = 1): string {
  return n === null || Number.isNaN(n) ? '—' : n.toFixed(digits);
}

function printTable(figures: Figure[]) {
  const rows = figures.map((f) => [
    f.figure,
    `${fmt(f.value)} ${f.unit}`,
    f.baseline === null ? '—' : `${fmt(f.baseline)} ${f.unit}`,
    f.ratio === null ? '—' : `${f.ratio < 0.01 ? f.ratio.toPrecision(2) : fmt(f.ratio, 2)}×`,
    f.target,
    f.holds === null ? 'n/a' : f.holds ? 'yes' : 'NO',
  ]);
  const head = ['figure', 'value', 'baseline', 'ratio', 'target', 'holds'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

async function coldStartBaseline(): Promise<number> {
  const bare = await startMedian(async () =>
    startProcess(
      [
        '-e',
        "require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')",
      ],
      {},
      await freePort(),
    ),
  );
  await bare.stop();
  return bare.startMs;
}

async function liveSync(figures: Figure[]) {
  console.log(
    `Live sync (1,000 subscriptions, ${seconds} s of writes per server: baseline, Jotter, Jotter, baseline)…`,
  );
  figures.push(...(await syncFigures(seconds)));
}

async function files(figures: Figure[]) {
  console.log('Import of a 10,000-note Takeout and export of 10,000 notes (SQLite)…');
  figures.push(...(await filesFigures()));
}

async function attachments(figures: Figure[]) {
  console.log(
    'Attachments: a 10 MB photo to its thumbnail, 100 parallel 200 kB uploads, /home with 200 photos…',
  );
  figures.push(...(await attachmentFigures(quick)));
}

async function serverFigures(figures: Figure[]) {
  console.log(
    `API overhead (autocannon, 50 connections, ${seconds} s per server: baseline, Jotter, Jotter, baseline; the reads again at half Jotter's rate)…`,
  );
  const api = await apiOverhead(seconds);
  figures.push(...api.figures);

  console.log(`API token against login token (GET /api/notes, ${seconds} s each, same server)…`);
  figures.push(await apiTokenFigure(seconds));

  await liveSync(figures);
  await files(figures);
  await attachments(figures);

  console.log(
    `Reminders: ${quick ? '2,000 due within 10 s' : '10,000 due within 60 s'} pushed to a local receiver, beside a bare web-push loop; an idle scheduler over 100,000 future reminders…`,
  );
  figures.push(...(await reminderFigures(quick)));

  console.log(`Search at 100,000 notes on SQLite (${runs} runs per case)…`);
  const coldBase = await coldStartBaseline();
  const search = await searchSqlite(runs);
  figures.push(...search.figures);

  figures.push(
    {
      section: 'footprint',
      figure: 'cold start to passing /healthz (100k-note SQLite file, median of 3)',
      value: search.startMs,
      unit: 'ms',
      baseline: coldBase,
      ratio: coldBase / search.startMs,
      target: '≤ 1000 ms',
      holds: search.startMs <= 1000,
    },
    {
      section: 'footprint',
      figure: 'resident memory after the search benchmark',
      value: search.rssMb,
      unit: 'MB',
      baseline: api.baselineRssMb,
      ratio: api.baselineRssMb / search.rssMb,
      target: '≤ 200 MB',
      holds: search.rssMb <= 200,
    },
  );
}

async function main() {
  const started = Date.now();
  // What the machine charges for a page fault: the browser figures follow it (bench/host.ts).
  const host = hostFigure();
  console.log(hostLine(host));
  const figures: Figure[] = [host];

  if (syncOnly) await liveSync(figures);
  else if (filesOnly) await files(figures);
  else if (attachmentsOnly) await attachments(figures);
  else if (!clientOnly && !checklistOnly && !offlineOnly) await serverFigures(figures);

  if (withPg) {
    console.log(`Search at 100,000 notes on PostgreSQL 15 (${runs} runs per case)…`);
    try {
      const out = execFileSync(
        'bash',
        [
          'scripts/with-postgres.sh',
          process.execPath,
          '--import',
          'tsx',
          'bench/pg.ts',
          String(runs),
        ],
        {
          cwd: root,
          env: { ...process.env, JOTTER_TEST_PG_PORT: '54391' },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
          maxBuffer: 1 << 24,
        },
      );
      const lines = out.trim().split('\n');
      figures.push(...(JSON.parse(lines[lines.length - 1]!) as Figure[]));
    } catch (error) {
      console.error(
        '  ! PostgreSQL figures failed:',
        error instanceof Error ? error.message : error,
      );
    }
  }

  if (withClient && !checklistOnly && !offlineOnly) {
    console.log('Client: Lighthouse on the landing page and /home, /home with 10,000 notes…');
    try {
      figures.push(...(await clientFigures(quick)));
    } catch (error) {
      console.error('  ! client figures failed:', error instanceof Error ? error.message : error);
    }
  }

  if (withClient && !offlineOnly) {
    console.log('Client: ticking a checklist item on a card, /home with 10,000 notes…');
    try {
      figures.push(await checklistFigure(quick));
    } catch (error) {
      console.error('  ! checklist figure failed:', error instanceof Error ? error.message : error);
    }
  }

  if (withClient && !checklistOnly) {
    console.log('Client: a card action and the list read again, 10,000 notes cached…');
    try {
      figures.push(...listReadFigures(quick));
    } catch (error) {
      console.error('  ! list-read figure failed:', error instanceof Error ? error.message : error);
    }
    console.log('Client: a repeat visit of /home offline, 10,000 notes in the saved cache…');
    try {
      figures.push(...(await repeatVisitFigures(quick)));
    } catch (error) {
      console.error(
        '  ! repeat-visit figures failed:',
        error instanceof Error ? error.message : error,
      );
    }
  }

  console.log('');
  printTable(figures);
  const result = {
    date: new Date().toISOString(),
    mode: quick ? 'quick' : 'full',
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    seconds: Math.round((Date.now() - started) / 1000),
    figures,
  };
  const out = path.join(root, 'bench/results/latest.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwritten to ${path.relative(root, out)} in ${result.seconds} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
