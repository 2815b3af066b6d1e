import { platformSettings, type AdminSettingResponse } from '@riffline/contracts';
import {
  DateField,
  Edit,
  Labeled,
  SaveButton,
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
  const range = isKnownSetting(record.settingKey) ? platformSettings[record.settingKey] : null;
  return (
    <TextInput
      source="settingValue"
      label={translate(enumLabelKey('settingKey', record.settingKey), { _: record.settingKey })}
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
        onError: () => toast.error('riffline.settings.failed', 'riffline.settings.failedText'),
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
