/**
 * The log message of a notification that could not be queued (lambdas/data/notifications.ts): the
 * monitoring construct counts it in the log groups of the functions that queue notifications and alarms.
 */
export const NOTIFICATION_NOT_QUEUED = 'A notification could not be queued; the action stands';

/** The partition key prefix of the notifications outbox in the directory table, read by its stream mapping. */
export const OUTBOX_PREFIX = 'OUTBOX#';

/** The environment variable naming the SNS origination identity texts are sent from (a stack parameter; lambdas/data/sms.ts). */
export const SMS_ORIGINATION_ENV = 'SMS_ORIGINATION_NUMBER';
