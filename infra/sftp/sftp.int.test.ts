import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SftpClient from 'ssh2-sftp-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '#test/support/database.ts';
import { fingerprintOf, startSftp, type LocalSftp } from './sftp.ts';

// No skip: without openssh-server (infra/sftp.sh installs it) startSftp rejects with the install message,
// which fails this file, in CI and locally alike.
let sftp: LocalSftp;
const directory = path.join(os.tmpdir(), uniqueName('riffline-sftp-box'));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'riffline-sftp-test-'));

beforeAll(async () => {
  sftp = await startSftp({ directory });
});
afterAll(async () => {
  await sftp?.stop();
  fs.rmSync(directory, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Connects as the server's login, pinning its host key; `seen` gets the key the server presented. */
async function connect(privateKey: string, seen: Buffer[] = []): Promise<SftpClient> {
  // Quiet: the library's default listeners print every end and close, expected ones included.
  const quiet = () => undefined;
  const client = new SftpClient('sftp-test', { error: quiet, end: quiet, close: quiet });
  const pinned = Buffer.from(sftp.hostPublicKey.split(' ')[1] ?? '', 'base64');
  await client.connect({
    host: sftp.host,
    port: sftp.port,
    username: sftp.username,
    privateKey,
    readyTimeout: 10_000,
    retries: 0,
    hostVerifier: (key: Buffer) => {
      seen.push(key);
      return key.equals(pinned);
    },
  });
  return client;
}

describe('SFTP server on loopback (OpenSSH sshd, unprivileged)', () => {
  it('runs sshd as its login, not as root', () => {
    expect(sftp.owner.uid).not.toBe(0);
    const status = fs.readFileSync(`/proc/${sftp.pid}/status`, 'utf8');
    // Uid: real, effective, saved and filesystem uid, all the login's.
    expect(status).toMatch(
      new RegExp(`^Uid:\\s+${sftp.owner.uid}\\s+${sftp.owner.uid}\\s+${sftp.owner.uid}\\s`, 'm'),
    );
    expect(fs.readFileSync(`/proc/${sftp.pid}/cmdline`, 'utf8')).toContain('sshd');
  });

  it('takes a file into a subfolder, renames it, lists it and reads it back; the bytes land in the folder', async () => {
    const seen: Buffer[] = [];
    const client = await connect(sftp.privateKey, seen);
    try {
      expect(fingerprintOf(`ssh-ed25519 ${seen[0]!.toString('base64')}`)).toBe(sftp.hostKeyFingerprint);
      expect(await client.cwd()).toBe(sftp.root);

      const bytes = Buffer.concat([Buffer.from('<?xml version="1.0"?>\n'), Buffer.alloc(64 * 1024, 9)]);
      await client.mkdir('N_20260101/A1', true);
      await client.put(bytes, 'N_20260101/A1/A1.xml.part');
      await client.rename('N_20260101/A1/A1.xml.part', 'N_20260101/A1/A1.xml');

      const listing = await client.list('N_20260101/A1');
      expect(listing.map((entry) => [entry.name, entry.size])).toEqual([['A1.xml', bytes.length]]);
      expect(((await client.get('N_20260101/A1/A1.xml')) as Buffer).equals(bytes)).toBe(true);

      const onDisk = path.join(directory, 'N_20260101', 'A1', 'A1.xml');
      expect(fs.readFileSync(onDisk).equals(bytes)).toBe(true);
      expect(fs.existsSync(`${onDisk}.part`)).toBe(false);
      expect(fs.statSync(onDisk).uid).toBe(sftp.owner.uid);
    } finally {
      await client.end();
    }
  });

  it('refuses a key it was not given', async () => {
    const other = path.join(scratch, 'other_ed25519');
    const keygen = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', other]);
    expect(keygen.status).toBe(0);
    await expect(connect(fs.readFileSync(other, 'utf8'))).rejects.toThrow(/authentication/i);
  });

  it('rejects with what sshd said when it cannot start', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    const { port } = taken.address() as net.AddressInfo;
    try {
      await expect(startSftp({ directory, port })).rejects.toThrow(
        /sshd exited[\s\S]*Address already in use/,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('ends open sessions and frees its port on stop(), and leaves the drop box', async () => {
    const { port, pid } = sftp;
    const open = await connect(sftp.privateKey);
    const closed = new Promise<void>((resolve) => open.on('close', () => resolve()));
    // The session sshd forked for this connection (it called setsid(), so it is no longer in sshd's group).
    const sessions = childrenOf(pid);
    expect(sessions.length).toBeGreaterThan(0);

    await sftp.stop();
    await closed;
    for (const session of sessions) expect(alive(session)).toBe(false);
    await new Promise<void>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
    });
    expect(fs.existsSync(path.join(directory, 'N_20260101', 'A1', 'A1.xml'))).toBe(true);
  });
});

function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return new RegExp(`^PPid:\\s+${pid}$`, 'm').test(fs.readFileSync(`/proc/${entry}/status`, 'utf8'));
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Running, i.e. neither gone nor a zombie waiting for a parent that was killed with it. */
function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}
