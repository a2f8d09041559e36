/** Outgoing SMS. Adapters: POST to SMS_WEBHOOK_URL, or the outbox under DATA_DIR/outbox. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}
