/**
 * A store's drop box for the delivery tests: an SFTP server on loopback (infra/sftp/sftp.ts) as the only
 * store switched on (a release goes to every one that is), its key encrypted as the console stores it.
 */
import { credentialsKey, encryptCredentials, StoreTarget, type Db } from '@riffline/db';
import type { LocalSftp } from '../../infra/sftp/sftp.ts';
import { unique } from './db.ts';

export async function sftpStoreTarget(db: Db, sftp: LocalSftp, store: string) {
  const key = await credentialsKey(db, undefined);
  await StoreTarget.query(db).patch({ enabled: false });
  return StoreTarget.query(db)
    .insert({
      store,
      protocol: 'sftp',
      host: sftp.host,
      port: sftp.port,
      username: sftp.username,
      folder: `inbox-${unique('t')}`,
      dpid: 'PADPIDA2014101001U',
      mode: 'test',
      credentials: encryptCredentials(key, { privateKey: sftp.privateKey }),
    })
    .returning('*');
}
