import { setupI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { checkoutShippingSchema } from '@shared/schemas/checkout';
import { refusalToast } from '@client/lib/forms/refusal-toast';
import { isMissingValue } from '@client/lib/forms/translate-issues';

// The toast of a refused form (useSchemaForm's onInvalid): the spec's "fill in every required field" only
// when one is empty; a form whose required fields are all filled, one of them wrongly, asks to check them.

// The German source texts: the messages are compiled from the macros' own text when no catalog is loaded.
const i18n = setupI18n({ locale: 'de', messages: { de: {} } });

const CHECKOUT_MISSING = msg`Bitte fülle alle Pflichtfelder aus`;

const shipping = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  phone: '',
  address: 'Domkloster 4',
  city: 'Köln',
  postalCode: '50667',
  country: 'DE',
};

/** The checkout's toast for these values, as useSchemaForm decides it. */
function checkoutToast(values: Record<string, string>) {
  const parsed = checkoutShippingSchema.safeParse(values);
  expect(parsed.success).toBe(false);
  return refusalToast(i18n, { missing: (parsed.error?.issues ?? []).some(isMissingValue) }, CHECKOUT_MISSING);
}

describe('the checkout form refused', () => {
  it('asks to fill in the required fields when one is empty', () => {
    expect(checkoutToast({ ...shipping, address: '' })).toEqual({
      color: 'red',
      title: 'Fehler',
      message: 'Bitte fülle alle Pflichtfelder aus',
    });
    // Also when another field is filled wrong at the same time.
    expect(checkoutToast({ ...shipping, city: ' ', postalCode: '50667!' }).message).toBe('Bitte fülle alle Pflichtfelder aus');
  });

  it('asks to check the entries when every required field is filled and one is wrong', () => {
    for (const wrong of [{ postalCode: '50667!' }, { email: 'not-an-email' }, { phone: '0221 abc' }]) {
      expect(checkoutToast({ ...shipping, ...wrong }), JSON.stringify(wrong)).toEqual({
        color: 'red',
        title: 'Fehler',
        message: 'Bitte überprüfen Sie Ihre Eingaben.',
      });
    }
  });
});
