import SettingsIcon from '@mui/icons-material/Settings';
import type { AdminSettingResponse } from '@riffline/contracts';
import { SettingEdit } from './SettingEdit.tsx';
import { SettingList } from './SettingList.tsx';
import { settingLabel } from './settingValue.ts';

export default {
  list: SettingList,
  edit: SettingEdit,
  icon: SettingsIcon,
  recordRepresentation: (setting: AdminSettingResponse) => settingLabel(setting.settingKey),
};
