import { readdir, readFile, readlink } from 'node:fs/promises';
import net from 'node:net';
import type { Child } from './processes.js';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** True when nothing listens on the port (checked on every address, as the gateway binds). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * Waits until the child itself listens on the port. An open port is not enough: twins starting side by side
 * choose free ports independently, and another twin's server can take this one between the choice and the
 * child's bind. The child then fails to bind and exits, while the port answers for someone else: its start is
 * reported as EADDRINUSE (so a caller can start again on new ports), never used. On Linux the listening socket's
 * inode is matched with the child's file descriptors; elsewhere an open port with the child alive is taken.
 */
export async function waitForChildPort(child: Child, port: number, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { exitCode, signalCode, pid } = child.process;
    if (exitCode !== null || signalCode !== null) {
      const taken = /Address already in use|EADDRINUSE|Failed to bind/.test(child.output());
      throw new Error(
        `${what} exited (${exitCode ?? signalCode}) before listening on port ${port}${taken ? ': EADDRINUSE, another process took the port' : ''}\n${child.output().slice(-2_000)}`,
      );
    }
    if (pid !== undefined && (await childListens(pid, port))) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} did not start on port ${port} within ${timeoutMs / 1000}s`);
}

async function childListens(pid: number, port: number): Promise<boolean> {
  if (process.platform !== 'linux') return (await isPortFree(port)) === false;
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const table = await readFile(file, 'utf8').catch(() => '');
    for (const line of table.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is HEXIP:HEXPORT; state 0A is LISTEN; column 9 is the socket's inode.
      if (cols.length > 9 && cols[3] === '0A' && parseInt(cols[1]!.split(':')[1]!, 16) === port) inodes.add(cols[9]!);
    }
  }
  if (!inodes.size) return false;
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
  for (const fd of fds) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode && inodes.has(inode)) return true;
  }
  return false;
}
