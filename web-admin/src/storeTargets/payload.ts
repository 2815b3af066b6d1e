import type { StoreTargetCredentials, StoreTargetResponse } from '@riffline/contracts';

type CredentialName = keyof StoreTargetCredentials;

/** What the form holds: the record as the API answered it, and the credentials typed (never read back). */
export type StoreTargetFormValues = Partial<StoreTargetResponse> & {
  credentials?: Partial<Record<CredentialName, string | null>>;
};

const credentialNames: Record<'sftp' | 's3', CredentialName[]> = {
  sftp: ['privateKey', 'password'],
  s3: ['accessKeyId', 'secretAccessKey'],
};

/**
 * The body react-admin sends (ra-data-simple-rest posts or puts the form's values as they are). The API
 * replaces a drop box's credentials whenever `credentials` is there, so an edit sends it only when something
 * was typed; a new drop box always sends it, so that a missing credential gets the API's own words. Only the
 * chosen protocol's credentials and fields go: the other protocol's are cleared, never left stale, and the
 * answer's read-only fields stay behind.
 */
export function storeTargetPayload(data: StoreTargetFormValues, options: { create: boolean }) {
  const {
    id: _id,
    storeName: _storeName,
    credentialsSet: _credentialsSet,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    credentials,
    ...fields
  } = data;
  const protocol = data.protocol === 's3' ? 's3' : 'sftp';
  const typed = Object.fromEntries(
    credentialNames[protocol].flatMap((name) => {
      const value = credentials?.[name];
      return typeof value === 'string' && value.trim() ? [[name, value]] : [];
    }),
  );
  const otherProtocol =
    protocol === 's3'
      ? { host: null, port: null, username: null }
      : { bucket: null, region: null, endpoint: null };
  return {
    ...fields,
    ...otherProtocol,
    ...(options.create || Object.keys(typed).length > 0 ? { credentials: typed } : {}),
  };
}
