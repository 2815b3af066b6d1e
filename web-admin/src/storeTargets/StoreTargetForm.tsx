import { Box, Typography } from '@mui/material';
import {
  selectableStores,
  storeTargetModes,
  storeTargetProfiles,
  storeTargetProtocols,
  type StoreTargetResponse,
} from '@riffline/contracts';
import type { ReactNode } from 'react';
import {
  BooleanInput,
  Create,
  Edit,
  FormDataConsumer,
  NumberInput,
  PasswordInput,
  RadioButtonGroupInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useGetList,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { enumChoices } from '../common/enums.ts';
import { useToast } from '../common/Toast.tsx';
import { DeleteStoreTargetButton } from './DeleteStoreTargetButton.tsx';
import { useCredentialNames } from './StoreTargetList.tsx';
import { storeTargetPayload, type StoreTargetFormValues } from './payload.ts';

const full = { width: '100%', maxWidth: 560 };

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 2 }}>
      {children}
    </Typography>
  );
}

/**
 * The store, from those an artist can pick. A new drop box is for a store that has none: the others are
 * shown but cannot be chosen (the API would answer 409). The store of a drop box never changes.
 */
function StoreInput({ edit }: { edit: boolean }) {
  const translate = useTranslate();
  const { data: targets = [] } = useGetList<StoreTargetResponse>(
    'store-targets',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'store', order: 'ASC' } },
    { enabled: !edit },
  );
  // Only a new one: the edited drop box's own store is taken by itself (and the list's cache is there).
  const taken = new Set<string>(edit ? [] : targets.map((t) => t.store));
  const choices = Object.entries(selectableStores).map(([id, name]) => ({
    id,
    name: taken.has(id) ? translate('riffline.stores.taken', { store: name }) : name,
    disabled: taken.has(id),
  }));
  return (
    <SelectInput
      source="store"
      choices={choices}
      translateChoice={false}
      validate={required()}
      disabled={edit}
      sx={full}
    />
  );
}

/** Where the drop box is, by protocol: an SFTP server's login and folder, or an S3 bucket and prefix. */
function WhereInputs({ protocol }: { protocol: string | undefined }) {
  const translate = useTranslate();
  if (protocol === 's3') {
    return (
      <>
        <Heading>{translate('riffline.stores.s3')}</Heading>
        <TextInput source="bucket" sx={full} />
        <TextInput
          source="folder"
          label="resources.store-targets.fields.prefix"
          helperText="riffline.stores.prefixHelp"
          sx={full}
        />
        <TextInput source="region" sx={full} />
        <TextInput source="endpoint" helperText="riffline.stores.endpointHelp" sx={full} />
      </>
    );
  }
  return (
    <>
      <Heading>{translate('riffline.stores.sftp')}</Heading>
      <TextInput source="host" sx={full} />
      <NumberInput source="port" min={1} max={65_535} step={1} sx={full} />
      <TextInput source="username" sx={full} />
      <TextInput source="folder" helperText="riffline.stores.folderHelp" sx={full} />
    </>
  );
}

/**
 * The credentials, write-only: the fields start empty even when some are kept (the API never answers with
 * them), and the text under them says which are kept and that empty fields keep them; the kept ones are
 * another protocol's once the protocol changes, and the API then wants the new protocol's.
 */
function CredentialInputs({ protocol }: { protocol: string | undefined }) {
  const translate = useTranslate();
  const target = useRecordContext<StoreTargetResponse>();
  const names = useCredentialNames();
  const help = !target
    ? translate('riffline.stores.credentialsNew')
    : protocol && protocol !== target.protocol
      ? translate('riffline.stores.credentialsProtocol')
      : target.credentialsSet.length
        ? translate('riffline.stores.credentialsKept', { names: names(target) })
        : translate('riffline.stores.credentialsNone');
  const off = { autoComplete: 'new-password' };
  return (
    <>
      <Heading>{translate('riffline.stores.credentials')}</Heading>
      <Typography variant="body2" color="text.secondary" data-testid="credentials-help">
        {translate(protocol === 's3' ? 'riffline.stores.credentialsS3' : 'riffline.stores.credentialsSftp')}{' '}
        {help}
      </Typography>
      {protocol === 's3' ? (
        <>
          <TextInput source="credentials.accessKeyId" slotProps={{ htmlInput: off }} sx={full} />
          <PasswordInput source="credentials.secretAccessKey" slotProps={{ htmlInput: off }} sx={full} />
        </>
      ) : (
        <>
          <TextInput
            source="credentials.privateKey"
            multiline
            minRows={3}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            sx={full}
          />
          <PasswordInput source="credentials.password" slotProps={{ htmlInput: off }} sx={full} />
        </>
      )}
    </>
  );
}

/** One form for a new drop box and a kept one: the protocol's own fields show as it is chosen. */
function StoreTargetForm({ edit }: { edit: boolean }) {
  const translate = useTranslate();
  return (
    <SimpleForm
      defaultValues={
        edit ? undefined : { protocol: 'sftp', port: 22, profile: 'batch', mode: 'test', enabled: true }
      }
      toolbar={
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <SaveButton />
          {edit && <DeleteStoreTargetButton />}
        </Toolbar>
      }
    >
      <StoreInput edit={edit} />
      <RadioButtonGroupInput
        source="protocol"
        choices={enumChoices('storeProtocol', storeTargetProtocols)}
        validate={required()}
      />
      <FormDataConsumer<StoreTargetFormValues>>
        {({ formData }) => (
          <Box sx={{ width: '100%' }}>
            <WhereInputs protocol={formData.protocol} />
            <CredentialInputs protocol={formData.protocol} />
          </Box>
        )}
      </FormDataConsumer>
      <Heading>{translate('riffline.stores.delivery')}</Heading>
      <TextInput source="dpid" validate={required()} helperText="riffline.stores.dpidHelp" sx={full} />
      <SelectInput
        source="profile"
        choices={enumChoices('storeProfile', storeTargetProfiles)}
        validate={required()}
        sx={full}
      />
      <RadioButtonGroupInput
        source="mode"
        choices={enumChoices('storeMode', [...storeTargetModes].reverse())}
        validate={required()}
      />
      <BooleanInput source="enabled" helperText="riffline.stores.enabledHelp" />
    </SimpleForm>
  );
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'riffline.stores.failedText';

/**
 * Saving says so in Riffline's words, and a refusal says the API's reason (what is missing, a DPID that is
 * not one, a store that has a drop box): the form checks little itself, so that its rules are the API's.
 */
function useSaveOptions(title: string) {
  const toast = useToast();
  const redirect = useRedirect();
  return {
    onSuccess: (target: StoreTargetResponse) => {
      toast.success(title, 'riffline.stores.savedText', { store: target.storeName });
      redirect('list', 'store-targets');
    },
    onError: (error: unknown) => toast.error('riffline.stores.failed', messageOf(error)),
  };
}

export function StoreTargetCreate() {
  const options = useSaveOptions('riffline.stores.created');
  return (
    <Create
      mutationOptions={options}
      transform={(data: StoreTargetFormValues) => storeTargetPayload(data, { create: true })}
    >
      <StoreTargetForm edit={false} />
    </Create>
  );
}

export function StoreTargetEdit() {
  const options = useSaveOptions('riffline.stores.updated');
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={options}
      transform={(data: StoreTargetFormValues) => storeTargetPayload(data, { create: false })}
    >
      <StoreTargetForm edit />
    </Edit>
  );
}
