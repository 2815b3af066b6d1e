import type { StoreTargetResponse } from '@riffline/contracts';

type Where = Pick<StoreTargetResponse, 'protocol' | 'host' | 'port' | 'folder' | 'bucket'>;

/** Where batches land: `host:port/folder` on an SFTP server, `bucket/prefix` on S3. */
export function whereOf(target: Where): string {
  const folder = target.folder.replace(/^\/+/, '');
  if (target.protocol === 's3') return [target.bucket ?? '—', folder].filter(Boolean).join('/');
  const server = target.port ? `${target.host ?? '—'}:${target.port}` : (target.host ?? '—');
  return folder ? `${server}/${folder}` : server;
}
