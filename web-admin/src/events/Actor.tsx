import { ReferenceField, TextField, useTranslate } from 'react-admin';

/** Who caused an event: a person's email, or 'System' for the platform's own work. */
export function Actor(_props: { label?: string; source?: string; sortable?: boolean }) {
  const translate = useTranslate();
  return (
    <ReferenceField
      source="actorId"
      reference="users"
      link={false}
      emptyText={translate('riffline.events.system')}
    >
      <TextField source="email" />
    </ReferenceField>
  );
}
