import type { Timestamp } from '../domain/timestamp.js';
import { timestampToMillis } from '../domain/timestamp.js';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export const formatDateTime = (t: Timestamp) => dateTime.format(timestampToMillis(t));
export const formatDate = (t: Timestamp) => dateOnly.format(timestampToMillis(t));
