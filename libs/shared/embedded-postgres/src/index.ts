// PostgreSQL without a server: PGlite served over a private Unix socket to the `pg` driver.
export { EmbeddedPostgres } from './embedded-postgres';
