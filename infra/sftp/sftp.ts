/**
 * A real OpenSSH SFTP server on loopback (Debian's sshd, installed by infra/sftp.sh) for the delivery
 * tests and local runs: a store's drop box. sshd never runs as root: as root we start it as the system
 * user `riffline-sftp` (created when missing), otherwise as ourselves. An unprivileged sshd can only
 * authenticate the user it runs as, so that user is the SFTP login, by key only.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/ports.ts';

export interface LocalSftp {
  host: '127.0.0.1';
  port: number;
  /** sshd's process id (its sessions are children of it), e.g. to SIGKILL it as a crash would. */
  pid: number;
  /** The SFTP login: the user sshd runs as. */
  username: string;
  /** The login's private key (OpenSSH format, ed25519), generated for this server. */
  privateKey: string;
  /** The absolute drop-box folder the login starts in (`directory`). It is not a chroot. */
  root: string;
  /** Who owns what the login writes: a test store writing into `root` as root gives its files to them. */
  owner: { uid: number; gid: number };
  /** The server's host key as an OpenSSH public key line (`ssh-ed25519 AAAA… comment`), to pin it. */
  hostPublicKey: string;
  /** The same key as `ssh-keygen -l` shows it: `SHA256:…` (base64 without padding). */
  hostKeyFingerprint: string;
  /** Stops sshd and every session it forked, and removes its keys and config (never `root`). */
  stop(): Promise<void>;
}

export interface StartSftpOptions {
  /** The drop box; created when missing and handed to the SFTP user. */
  directory: string;
  /** A free one when omitted. */
  port?: number;
  startTimeoutMs?: number;
}

/** The system user sshd runs as when we are root. */
export const SFTP_SYSTEM_USER = 'riffline-sftp';

const sshdPath = () => process.env.SSHD_PATH ?? '/usr/sbin/sshd';
const notInstalled = () =>
  new Error(
    `OpenSSH's server is not installed at ${sshdPath()}: run infra/sftp.sh (or: sudo apt-get install openssh-server)`,
  );

function run(command: string, args: string[]): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.error) return { ok: false, output: result.error.message };
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

function lookupUser(name: string): { uid: number; gid: number } | undefined {
  const uid = run('id', ['-u', name]);
  const gid = run('id', ['-g', name]);
  if (!uid.ok || !gid.ok) return undefined;
  return { uid: Number(uid.output), gid: Number(gid.output) };
}

/**
 * Creates the system user when missing. Test files start servers at the same time, and concurrent
 * useradd runs were seen to leave two different uids behind, so the check and the creation run under a
 * lock of ours (flock, as infra/lib/apt-install.sh does for apt).
 */
function ensureSystemUser(): { uid: number; gid: number } {
  const create = [
    `id -u ${SFTP_SYSTEM_USER} >/dev/null 2>&1 ||`,
    'useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin',
    SFTP_SYSTEM_USER,
  ].join(' ');
  const created = run('flock', ['-w', '60', '/tmp/riffline-sftp-user.lock', 'sh', '-c', create]);
  const found = lookupUser(SFTP_SYSTEM_USER);
  if (!found) throw new Error(`could not create the system user ${SFTP_SYSTEM_USER}: ${created.output}`);
  return found;
}

function keygen(file: string, comment: string): void {
  const result = run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', comment, '-f', file]);
  if (!result.ok) throw new Error(`ssh-keygen failed: ${result.output}`);
}

/** `SHA256:…` of an OpenSSH public key line, as ssh-keygen -l prints it. */
export function fingerprintOf(publicKeyLine: string): string {
  const blob = Buffer.from(publicKeyLine.trim().split(/\s+/)[1] ?? '', 'base64');
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

/**
 * The start folder for `internal-sftp -d`: sshd splits that command line on spaces without quoting and
 * expands %d, %u and %% in the folder, so a space cannot be passed and a `%` is doubled.
 */
function startFolderArg(root: string): string {
  if (/\s/.test(root)) throw new Error(`the SFTP drop box cannot have a space in its path: ${root}`);
  return root.replace(/%/g, '%%');
}

function writeConfig(stateDir: string, port: number, username: string, root: string): string {
  const sftp = `internal-sftp -d ${startFolderArg(root)} -u 022`;
  const lines = [
    `ListenAddress 127.0.0.1:${port}`,
    `HostKey ${path.join(stateDir, 'host_ed25519')}`,
    `PidFile ${path.join(stateDir, 'sshd.pid')}`,
    `AuthorizedKeysFile ${path.join(stateDir, 'authorized_keys')}`,
    // The keys sit in a 0700 folder of the login's under /tmp, whose mode (1777) StrictModes refuses for
    // any folder on the way; sshd still demands 0600 of the host key, which it has.
    'StrictModes no',
    `AllowUsers ${username}`,
    'AuthenticationMethods publickey',
    'PubkeyAuthentication yes',
    'PasswordAuthentication no',
    'KbdInteractiveAuthentication no',
    'PermitRootLogin no',
    'UsePAM no',
    'UseDNS no',
    'PrintMotd no',
    'DisableForwarding yes',
    'PermitTTY no',
    'LogLevel VERBOSE',
    // The subsystem must exist for the client's "sftp" request; ForceCommand also turns shells and exec
    // requests into SFTP, so the login can do nothing else.
    `Subsystem sftp ${sftp}`,
    `ForceCommand ${sftp}`,
  ];
  const file = path.join(stateDir, 'sshd_config');
  fs.writeFileSync(file, lines.join('\n') + '\n', { mode: 0o600 });
  return file;
}

/** Resolves once the port answers with an SSH banner, i.e. our sshd (not whoever else) is listening. */
function sshBanner(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let received = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('close', () => done(received.startsWith('SSH-2.0-')));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.includes('\n')) done(received.startsWith('SSH-2.0-'));
    });
  });
}

function childrenByParent(): Map<number, number[]> {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name in parentheses may contain spaces; the parent's pid is the 2nd field after it.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  return parents;
}

/** Every process below `pid`: sshd forks one per connection, and that one forks for the session. */
function descendants(pid: number): number[] {
  const parents = childrenByParent();
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of parents.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Neither running nor stopped: gone, or a zombie its parent (or init, once orphaned) has yet to reap. */
function ended(pid: number): boolean {
  try {
    return /^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * Ends sshd's connections, which called setsid() and so escape a process-group kill: SIGTERM to each
 * connection's process (sshd logs it and closes), SIGKILL to whatever below it still runs after a second.
 */
async function endConnections(sshdPid: number): Promise<void> {
  const tree = descendants(sshdPid);
  const signal = (pid: number, name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // Already gone.
    }
  };
  for (const pid of childrenByParent().get(sshdPid) ?? []) signal(pid, 'SIGTERM');
  for (let waited = 0; !tree.every(ended); waited += 20) {
    if (waited >= 1_000) for (const pid of tree) signal(pid, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function launch(
  stateDir: string,
  port: number,
  account: { username: string; uid: number; gid: number; asRoot: boolean },
  root: string,
  deadline: number,
): Promise<{ child: ChildProcess; stderr: () => string }> {
  const config = writeConfig(stateDir, port, account.username, root);
  if (account.asRoot) fs.chownSync(config, account.uid, account.gid);
  // sshd re-executes itself for each connection, so it wants its absolute path.
  const sshd = [sshdPath(), '-D', '-e', '-f', config];
  const [command, ...args] = account.asRoot
    ? ['setpriv', `--reuid=${account.uid}`, `--regid=${account.gid}`, '--clear-groups', '--', ...sshd]
    : sshd;
  const child = spawn(command!, args, {
    cwd: stateDir,
    env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (error) => {
    stderr += `\n${error.message}`;
  });
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    const answered = await Promise.race([sshBanner(port), exited.then(() => false)]);
    if (answered) return { child, stderr: () => stderr };
    await Promise.race([exited, new Promise((r) => setTimeout(r, 100))]);
  }
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`sshd did not answer on 127.0.0.1:${port} in time:\n${stderr}`);
  }
  throw new Error(`sshd exited (${child.exitCode ?? child.signalCode}):\n${stderr.trim()}`);
}

export async function startSftp(options: StartSftpOptions): Promise<LocalSftp> {
  if (!fs.existsSync(sshdPath()) || !path.isAbsolute(sshdPath())) throw notInstalled();
  const asRoot = process.getuid?.() === 0;
  const self = os.userInfo();
  const { uid, gid } = asRoot ? ensureSystemUser() : { uid: self.uid, gid: self.gid };
  const username = asRoot ? SFTP_SYSTEM_USER : self.username;
  const account = { username, uid, gid, asRoot };

  const root = path.resolve(options.directory);
  startFolderArg(root);
  fs.mkdirSync(root, { recursive: true });
  if (asRoot) {
    // What a previous run left in a kept drop box must stay writable for the login.
    const chowned = run('chown', ['-R', `${uid}:${gid}`, root]);
    if (!chowned.ok) throw new Error(`could not give ${root} to ${username}: ${chowned.output}`);
    const reachable = run('setpriv', [
      `--reuid=${uid}`,
      `--regid=${gid}`,
      '--clear-groups',
      '--',
      'test',
      '-w',
      root,
      '-a',
      '-x',
      root,
    ]);
    if (!reachable.ok) {
      throw new Error(`${username} cannot reach ${root}: a folder on its way is closed to other users`);
    }
  }

  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'riffline-sftp-'));
  try {
    keygen(path.join(stateDir, 'host_ed25519'), 'riffline-sftp-host');
    keygen(path.join(stateDir, 'client_ed25519'), `${username}@riffline-sftp`);
    fs.copyFileSync(path.join(stateDir, 'client_ed25519.pub'), path.join(stateDir, 'authorized_keys'));
    if (asRoot) {
      for (const name of fs.readdirSync(stateDir)) fs.chownSync(path.join(stateDir, name), uid, gid);
      fs.chownSync(stateDir, uid, gid);
    }
    const privateKey = fs.readFileSync(path.join(stateDir, 'client_ed25519'), 'utf8');
    const hostPublicKey = fs.readFileSync(path.join(stateDir, 'host_ed25519.pub'), 'utf8').trim();

    const deadline = Date.now() + (options.startTimeoutMs ?? 15_000);
    let started: Awaited<ReturnType<typeof launch>> | undefined;
    let port = options.port ?? (await freePort());
    // A free port can be taken between freePort() and sshd's bind: then try another, unless one was asked.
    for (let attempt = 1; !started; attempt++) {
      try {
        started = await launch(stateDir, port, account, root, deadline);
      } catch (error) {
        const busy = /Address already in use|Cannot bind any address/.test((error as Error).message);
        if (!busy || options.port !== undefined || attempt >= 3) throw error;
        port = await freePort();
      }
    }
    const { child } = started;

    // Never outlive the process that started the server, even when it dies without cleaning up.
    const killOnExit = () => {
      child.kill('SIGKILL');
      fs.rmSync(stateDir, { recursive: true, force: true });
    };
    process.once('exit', killOnExit);
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        process.off('exit', killOnExit);
        if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
          const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          await endConnections(child.pid);
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
          await exited;
          clearTimeout(timer);
        }
        fs.rmSync(stateDir, { recursive: true, force: true });
      })());

    return {
      host: '127.0.0.1',
      port,
      pid: child.pid!,
      username,
      privateKey,
      root,
      owner: { uid, gid },
      hostPublicKey,
      hostKeyFingerprint: fingerprintOf(hostPublicKey),
      stop,
    };
  } catch (error) {
    fs.rmSync(stateDir, { recursive: true, force: true });
    throw error;
  }
}
