import { pino, type Logger } from 'pino';

/**
 * The production processes' log: one JSON object per line (pino) when NODE_ENV=production or
 * LOG_FORMAT=json, for a log collector; otherwise the same events as short readable lines.
 */
export function createLogger(name: string, env: NodeJS.ProcessEnv = process.env): Logger {
  const json = env.NODE_ENV === 'production' || env.LOG_FORMAT === 'json';
  const options = { name, level: env.LOG_LEVEL ?? 'info', base: { name } };
  if (json) return pino(options);
  return pino(options, { write: (line: string) => process.stdout.write(readable(line)) });
}

const SKIP = new Set(['level', 'time', 'name', 'msg', 'pid', 'hostname']);

/** '{"level":30,"msg":"request","status":201,...}' -> "api request status=201 ..." */
function readable(line: string): string {
  const entry = JSON.parse(line) as Record<string, unknown>;
  const level = Number(entry.level) >= 50 ? ' ERROR' : Number(entry.level) >= 40 ? ' warn' : '';
  const fields = Object.entries(entry)
    .filter(([key]) => !SKIP.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return `${String(entry.name)}${level} ${String(entry.msg)}${fields.length ? ` ${fields.join(' ')}` : ''}\n`;
}
