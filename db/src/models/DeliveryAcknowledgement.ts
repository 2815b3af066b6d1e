import { BaseModel } from './BaseModel.ts';

/** An acknowledgement file a store wrote, kept as it came (docs/delivery.md); `problem` when unreadable. */
export class DeliveryAcknowledgement extends BaseModel {
  static override tableName = 'delivery_acknowledgements';

  id!: string;
  targetId!: string;
  fileName!: string;
  messageId!: string | null;
  madeAt!: Date | null;
  body!: string;
  problem!: string | null;
  receivedAt!: Date;
}
