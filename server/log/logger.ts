import { pino, type Logger } from 'pino';
import { prettyFactory } from 'pino-pretty';

/** How log lines are written: `pretty` for a person at a terminal, `json` (one object a line) for a collector. */
export type LogFormat = 'pretty' | 'json';

export interface LogSettings {
  /** pino's level (LOG_LEVEL). */
  level: string;
  /** LOG_FORMAT; null: pretty when the destination is a terminal, JSON otherwise. */
  format: LogFormat | null;
}

/** Where lines go instead of stdout (tests read them). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * What a pretty line leaves out: the fields every line carries (pid, host, the request id) and those its message
 * already says: a request line's (http/request-log.ts), a job run's outcome and time, the ready line's address,
 * the stop's figures.
 */
const PRETTY_IGNORES = 'pid,hostname,reqId,req,route,status,ms,outcome,url,signal,requests,graceS,cut,files';

/** The format `settings` asks for, `auto` resolved against stdout (a terminal → pretty). */
export function logFormatOf(settings: Pick<LogSettings, 'format'>, destination?: LogDestination): LogFormat {
  if (settings.format) return settings.format;
  return !destination && process.stdout.isTTY ? 'pretty' : 'json';
}

/**
 * The process's logger: pino, JSON lines with ISO timestamps, or pino's own pretty printer (pino-pretty,
 * formatted in this process as each line is written, so the last lines before an exit are not lost). Error objects logged
 * under `err` keep their stack in both.
 */
export function createLogger(settings: LogSettings, destination?: LogDestination): Logger {
  const options = { level: settings.level };
  if (logFormatOf(settings, destination) === 'pretty') {
    const prettify = prettyFactory({
      colorize: !destination && process.stdout.isTTY === true,
      translateTime: 'SYS:yyyy-mm-dd HH:MM:ss',
      ignore: PRETTY_IGNORES,
    });
    const out = destination ?? pino.destination({ dest: 1, sync: true });
    return pino(options, { write: (line: string) => void out.write(prettify(line)) });
  }
  const json = { ...options, timestamp: pino.stdTimeFunctions.isoTime };
  return destination ? pino(json, destination) : pino(json);
}

/**
 * A logger for the start-up lines, which an operator needs whatever LOG_LEVEL hides (warn, error): the
 * same destination at info at least; nothing when the level is silent.
 */
export function startupLogger(log: Logger): Logger {
  if (log.level === 'silent' || log.isLevelEnabled('info')) return log;
  return log.child({}, { level: 'info' });
}
