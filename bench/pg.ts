/** Run by run.ts inside scripts/with-postgres.sh: PostgreSQL search figures, as JSON on stdout's last line. */
import { searchPostgres } from './search';

void (async () => {
  const runs = Number(process.argv[2] ?? 50);
  const figures = await searchPostgres(process.env.TEST_DATABASE_URL!, runs);
  console.log(JSON.stringify(figures));
})();
