import { Model } from 'objection';

/**
 * Columns are snake_case in the database and camelCase here (knexSnakeCaseMappers in connection.ts).
 * `jsonAttributes` is explicit so that `text[]` columns go to Postgres as arrays, not JSON strings.
 */
export class BaseModel extends Model {
  static override jsonAttributes: string[] = [];
  static override useLimitInFirst = true;
}

/** Rows with `created_at`/`updated_at`: the database sets both on insert; updates refresh the second. */
export class TimestampedModel extends BaseModel {
  createdAt!: Date;
  updatedAt!: Date;

  override $beforeUpdate(): void {
    this.updatedAt = new Date();
  }
}
