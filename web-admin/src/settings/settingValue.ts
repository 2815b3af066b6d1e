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
  if (!parsed.success) return 'riffline.settings.notANumber';
  const key = record.settingKey;
  if (key && isKnownSetting(key) && settingValueProblem(key, parsed.data)) {
    const { min, max } = platformSettings[key];
    return { message: 'riffline.settings.range', args: { min, max } };
  }
  return undefined;
};

/** 'Streams growth (%)' for streams_growth_percentage: the contracts' own label. */
export const settingLabel = (key: string) => (isKnownSetting(key) ? platformSettings[key].label : key);
