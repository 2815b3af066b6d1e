import { Model, type ModelClass, type RelationMapping } from 'objection';

type AnyModel = ModelClass<Model>;

export const hasMany = (modelClass: AnyModel, from: string, to: string): RelationMapping<Model> => ({
  relation: Model.HasManyRelation,
  modelClass,
  join: { from, to },
});

export const belongsTo = (modelClass: AnyModel, from: string, to: string): RelationMapping<Model> => ({
  relation: Model.BelongsToOneRelation,
  modelClass,
  join: { from, to },
});
