/** Which SQL engine a database runs on. */
export type Dialect = 'sqlite' | 'postgres';
