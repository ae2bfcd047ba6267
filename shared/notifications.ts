/** The partition key prefix of the notifications outbox in the directory table, read by its stream mapping. */
export const OUTBOX_PREFIX = 'OUTBOX#';

/** The environment variable naming the SNS origination identity texts are sent from (a stack parameter; lambdas/adapters/sms.ts). */
export const SMS_ORIGINATION_ENV = 'SMS_ORIGINATION_NUMBER';
