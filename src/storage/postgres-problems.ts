// Why PostgreSQL could not be used at start, said so that an operator can act on it: the
// server's own words where it gave some (a missing database, a refused login), the address that
// refused or did not answer otherwise, and the fix. The code in brackets is for searching.

interface ConnectionError {
  code?: string;
  message?: string;
  address?: string;
  port?: number;
  hostname?: string;
}

/** Where DATABASE_URL points, without its password: "127.0.0.1:5432". */
function serverOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}`;
  } catch {
    return 'the server in DATABASE_URL';
  }
}

/** What went wrong and what to do, one sentence each; `timeoutMs`: how long a connection was waited for. */
export function postgresProblem(error: unknown, url: string, timeoutMs: number): string {
  const { code, message = String(error), address, port, hostname } = (error ?? {}) as ConnectionError;
  const server = address && port ? `${address}:${port}` : serverOf(url);
  switch (code) {
    case '3D000':
      return `${message} on ${server} (3D000); create it, or name an existing database in DATABASE_URL`;
    case '28P01':
      return `${message} on ${server} (28P01); check the password in DATABASE_URL (URL-encode special characters)`;
    case '28000':
      return `${message} on ${server} (28000); check the user name in DATABASE_URL, and that pg_hba.conf lets it connect from this host`;
    case '42501':
      return `${message} (42501); the user needs the right to create tables in its schema (GRANT CREATE ON SCHEMA …)`;
    case '53300':
      return `${message} on ${server} (53300); the server's max_connections is spent: lower DATABASE_POOL_MAX or instances, or put PgBouncer in front`;
    case '08P01':
      return /startup parameter/.test(message)
        ? `${message} (08P01); behind PgBouncer, choose the schema with ALTER ROLE … SET search_path instead of options in DATABASE_URL`
        : `${message} (08P01)`;
    case 'ECONNREFUSED':
      return `connection refused at ${server} (ECONNREFUSED); is PostgreSQL running there and listening on that address?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host name ${hostname ?? serverOf(url)} not found (${code}); check the host in DATABASE_URL`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `no route to ${server} (${code}); check the host in DATABASE_URL and the network between them`;
  }
  if (/timeout|terminated unexpectedly/i.test(message)) {
    return `no answer from ${server} within ${timeoutMs} ms (${message}); check the host and port in DATABASE_URL, or raise DATABASE_TIMEOUT_MS`;
  }
  return code ? `${message} (${code})` : message;
}
