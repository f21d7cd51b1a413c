import type { Migration } from 'kysely';
import * as m0001 from './0001_init';
import * as m0002 from './0002_accounts';
import * as m0003 from './0003_blog';
import * as m0004 from './0004_outbox_headers';
import * as m0005 from './0005_contact';
import * as m0006 from './0006_orders';
import * as m0007 from './0007_newsletter_sending';
import * as m0008 from './0008_outbox_priority';
import * as m0009 from './0009_withdrawals';
import * as m0010 from './0010_account_email_change';
import * as m0011 from './0011_newsletter_consents';
import * as m0012 from './0012_stripe_events';
import * as m0013 from './0013_donations';
import * as m0014 from './0014_order_payments';
import * as m0015 from './0015_post_translations';
import * as m0016 from './0016_media';
import * as m0017 from './0017_product_translations';
import * as m0018 from './0018_audit_log';
import * as m0019 from './0019_two_factor';
import * as m0020 from './0020_contact_answered';
import * as m0021 from './0021_outbox_claim_index';
import * as m0022 from './0022_donation_receipt_address';
import * as m0023 from './0023_edit_versions';
import * as m0024 from './0024_volume_indexes';
import * as m0025 from './0025_newsletter_settled_counts';
import * as m0026 from './0026_donation_partial_refunds';
import * as m0027 from './0027_order_vat_regime';
import * as m0028 from './0028_order_refund_failed';
import * as m0029 from './0029_donation_seen_unpaid';

/**
 * Every migration, by name. They are listed here rather than read from the folder so that the
 * bundled production server and the test runner see exactly the same set. Add each new file here.
 */
export const migrations: Record<string, Migration> = {
  '0001_init': m0001,
  '0002_accounts': m0002,
  '0003_blog': m0003,
  '0004_outbox_headers': m0004,
  '0005_contact': m0005,
  '0006_orders': m0006,
  '0007_newsletter_sending': m0007,
  '0008_outbox_priority': m0008,
  '0009_withdrawals': m0009,
  '0010_account_email_change': m0010,
  '0011_newsletter_consents': m0011,
  '0012_stripe_events': m0012,
  '0013_donations': m0013,
  '0014_order_payments': m0014,
  '0015_post_translations': m0015,
  '0016_media': m0016,
  '0017_product_translations': m0017,
  '0018_audit_log': m0018,
  '0019_two_factor': m0019,
  '0020_contact_answered': m0020,
  '0021_outbox_claim_index': m0021,
  '0022_donation_receipt_address': m0022,
  '0023_edit_versions': m0023,
  '0024_volume_indexes': m0024,
  '0025_newsletter_settled_counts': m0025,
  '0026_donation_partial_refunds': m0026,
  '0027_order_vat_regime': m0027,
  '0028_order_refund_failed': m0028,
  '0029_donation_seen_unpaid': m0029,
};
