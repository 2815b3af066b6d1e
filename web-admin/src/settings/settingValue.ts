import {
  platformSettings,
  SettingValue,
  settingValueProblem,
  type AdminSettingResponse,
  type PlatformSettingKey,
} from '@riffline/contracts';

export const isKnownSetting = (key: string): key is PlatformSettingKey => key in platformSettings;

/**
 * The API's own rules for a value (the contracts' schema and range), in words for the form: an empty
 * value is never sent, so it is never saved.
 */
export const validateSettingValue = (value: unknown, record: Partial<AdminSettingResponse>) => {
  if (value === null || value === undefined || String(value).trim() === '')
    return 'riffline.settings.required';
  const parsed = SettingValue.safeParse(value);
  const key = record.settingKey;
  if (key && isKnownSetting(key) && platformSettings[key].kind === 'boolean') {
    return parsed.success && !settingValueProblem(key, parsed.data)
      ? undefined
      : 'riffline.settings.trueOrFalse';
  }
  if (!parsed.success || typeof parsed.data === 'boolean') return 'riffline.settings.notANumber';
  if (key && isKnownSetting(key)) {
    const problem = settingValueProblem(key, parsed.data);
    const setting = platformSettings[key];
    if (problem && setting.kind === 'number') {
      return problem.includes('between')
        ? { message: 'riffline.settings.range', args: { min: setting.min, max: setting.max } }
        : 'riffline.settings.notANumber';
    }
  }
  return undefined;
};

/** 'Streams growth (%)' for streams_growth_percentage: the contracts' own label. */
export const settingLabel = (key: string) => (isKnownSetting(key) ? platformSettings[key].label : key);
