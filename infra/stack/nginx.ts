/**
 * Debian's nginx as the reverse proxy in front of the API processes: one address for users, the API
 * processes behind it in turn, and a request that could not reach one (refused: a killed process) passed
 * to the next.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface StackProxy {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** True when nginx is here, installing Debian's nginx-light when we may (infra/lib/apt-install.sh). */
export function ensureNginx(): boolean {
  if (fs.existsSync(NGINX)) return true;
  const install = path.join(import.meta.dirname, '../lib/apt-install.sh');
  spawnSync(install, ['nginx-light'], { stdio: 'inherit' });
  return fs.existsSync(NGINX);
}

export function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return `worker_processes 1;
error_log ${path.join(dir, 'error.log')} warn;
pid ${path.join(dir, 'nginx.pid')};
events { worker_connections 1024; }
http {
  access_log off;
  ${temp('client_body')}
  ${temp('proxy')}
  ${temp('fastcgi')}
  ${temp('uwsgi')}
  ${temp('scgi')}
  # The API sets its own limits on bodies and streams uploads itself.
  client_max_body_size 0;
  proxy_request_buffering off;
  proxy_buffering off;
  upstream api {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 300s;
    }
  }
}
`;
}

export async function startNginx(dir: string, port: number, upstreams: number[]): Promise<StackProxy> {
  fs.mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(dir, port, upstreams));
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
