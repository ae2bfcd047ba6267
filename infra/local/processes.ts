import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';

/** A child process of the twin: its output is kept for error reports and it dies with the twin. */
export interface Child {
  name: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export function startChild(name: string, command: string, args: string[], options: SpawnOptions): Child {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let buffer = '';
  const keep = (chunk: Buffer) => {
    buffer = (buffer + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    name,
    process: child,
    output: () => buffer,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
