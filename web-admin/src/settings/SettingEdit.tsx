import { platformSettings, type AdminSettingResponse } from '@riffline/contracts';
import {
  DateField,
  Edit,
  Labeled,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { enumLabelKey } from '../common/enums.ts';
import { useToast } from '../common/Toast.tsx';
import { isKnownSetting, validateSettingValue } from './settingValue.ts';

function ValueInput() {
  const record = useRecordContext<AdminSettingResponse>();
  const translate = useTranslate();
  if (!record) return null;
  const setting = isKnownSetting(record.settingKey) ? platformSettings[record.settingKey] : null;
  const label = translate(enumLabelKey('settingKey', record.settingKey), { _: record.settingKey });
  if (setting?.kind === 'boolean') {
    // A switch: exactly 'true' or 'false', as the API stores it.
    return (
      <SelectInput
        source="settingValue"
        label={label}
        validate={validateSettingValue}
        choices={[
          { id: 'true', name: 'riffline.settings.on' },
          { id: 'false', name: 'riffline.settings.off' },
        ]}
        helperText={translate(`riffline.settings.help.${record.settingKey}`, { _: '' }) || false}
      />
    );
  }
  const range = setting?.kind === 'number' ? setting : null;
  return (
    <TextInput
      source="settingValue"
      label={label}
      validate={validateSettingValue}
      helperText={range ? translate('riffline.settings.hint', range) : false}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );
}

/**
 * One setting's value. react-admin's update sends PUT with the record; the API reads only settingValue.
 * Pessimistic: the toast and the list follow the API's answer.
 */
export function SettingEdit() {
  const toast = useToast();
  const redirect = useRedirect();
  const translate = useTranslate();
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (setting: AdminSettingResponse) => {
          toast.success('riffline.settings.updated', 'riffline.settings.updatedText', {
            label: translate(enumLabelKey('settingKey', setting.settingKey), { _: setting.settingKey }),
            value: setting.settingValue,
          });
          redirect('list', 'settings');
        },
        // A refusal the admin can act on (409: set up your own authenticator app first) says why.
        onError: (error: { status?: number; message?: string }) =>
          toast.error(
            'riffline.settings.failed',
            error?.status === 409 && error.message ? error.message : 'riffline.settings.failedText',
          ),
      }}
    >
      <SimpleForm
        disableInvalidFormNotification
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <ValueInput />
        <Labeled>
          <DateField source="updatedAt" showTime />
        </Labeled>
      </SimpleForm>
    </Edit>
  );
}
