import { formatCents } from '../../money';
import { link, list, p, section, type LegalTemplate } from '../document';
import {
  deliveryDaysRange,
  ORDER_BUTTON_LABELS,
  postalAddress,
  shippingCountryNames,
  shopPaymentMethod,
  WITHDRAWAL_BUTTON_PATH,
} from '../shop-terms';

/** The shop's terms and conditions (English). A template the association must have reviewed. */
export const termsEn: LegalTemplate = (d) => {
  const shipping = formatCents(d.shop.shippingCents);
  const days = deliveryDaysRange(d.shop.deliveryDays);
  const payment = shopPaymentMethod(d);
  // Under the small-business rule (KLEINUNTERNEHMER) no VAT is charged: saying it is included would
  // mislead (§ 19 UStG, § 5 UWG).
  const finalPrices = d.shop.kleinunternehmer
    ? 'All prices are final prices in euros. No VAT is charged under § 19 UStG (the German small-business rule).'
    : 'All prices are final prices in euros and include the statutory VAT.';
  return {
    sections: [
      section(
        'scope',
        '1. Scope',
        p(
          `These terms and conditions apply to all orders that consumers place with ${d.orgName} through the shop on this website. A consumer is any natural person who enters into a legal transaction for purposes that are predominantly outside their trade, business or profession (§ 13 BGB).`,
        ),
      ),
      section(
        'seller',
        '2. Contracting party',
        p(`Your contracting party is ${postalAddress(d)}${d.legalForm ? ` (${d.legalForm})` : ''}.`),
        p(`E-mail: ${d.email} · Telephone: ${d.phone}`),
        p('Further details are in the ', link('/impressum', 'legal notice'), '.'),
      ),
      section(
        'contract',
        '3. Conclusion of the contract',
        p(
          'The products shown in the shop are not a legally binding offer but an invitation to order. Ordering requires a customer account with a confirmed e-mail address.',
        ),
        p('This is how the contract is concluded:'),
        list(
          'You put products into the cart and go to the checkout.',
          'You enter your delivery address and contact details.',
          d.shop.kleinunternehmer
            ? 'Directly above the order button you see the items again, the total price including shipping, the delivery time and the payment method.'
            : 'Directly above the order button you see the items again, the total price including VAT and shipping, the delivery time and the payment method.',
          `By clicking the button “${ORDER_BUTTON_LABELS.en}” you make a binding offer to buy the goods in the cart.`,
          payment === 'stripe_checkout'
            ? 'You are taken to Stripe’s payment page and pay there. As soon as Stripe confirms the payment to us, you receive an order confirmation by e-mail. With this e-mail we accept your offer, and the contract is concluded. With SEPA Direct Debit we first confirm by e-mail that your order has been received; the order confirmation follows once the amount has reached us.'
            : 'Immediately afterwards you receive an order confirmation by e-mail. With this e-mail we accept your offer, and the contract is concluded.',
        ),
        p(
          `You can correct input errors at any time before sending the order: change your details in the checkout form’s fields, and items and quantities in the cart. Only the click on “${ORDER_BUTTON_LABELS.en}” sends the order.`,
        ),
      ),
      section(
        'prices',
        '4. Prices and shipping costs',
        p(
          `${finalPrices} Shipping costs of ${shipping} are added to every order, the same for every delivery country. There are no other costs.`,
        ),
      ),
      section(
        'delivery',
        '5. Delivery',
        p(`We deliver to the following countries: ${shippingCountryNames('en')}.`),
        p(
          `Your goods are printed for you once your payment has arrived. Delivery takes ${days} working days from receipt of payment. The goods are made by our print provider and shipped to you directly; they may arrive in several parcels at no extra shipping cost.`,
        ),
      ),
      section(
        'payment',
        '6. Payment',
        payment === 'bank_transfer_in_advance' &&
          p(
            'You pay in advance by bank transfer. Payment in the shop is not possible yet: after your order we send you our bank details and the amount due by e-mail. The amount is due on receipt of that e-mail. As soon as your payment has arrived, we put your order into production.',
          ),
        payment === 'stripe_checkout' &&
          p(
            `You pay by card or SEPA Direct Debit through our payment provider Stripe. After clicking “${ORDER_BUTTON_LABELS.en}” you are taken to Stripe’s payment page. We put your order into production only once Stripe confirms the payment; a payment that is not completed or fails cancels the order.`,
          ),
      ),
      section('title', '7. Retention of title', p('The goods remain our property until they have been paid for in full.')),
      section(
        'withdrawal',
        '8. Right of withdrawal',
        p(
          'As a consumer you have a statutory right of withdrawal. The details are in our ',
          link('/widerruf', 'withdrawal information'),
          ', which also contains the model withdrawal form.',
        ),
        p('You can also withdraw from the contract online with our ', link(WITHDRAWAL_BUTTON_PATH, 'withdrawal function'), '.'),
      ),
      section(
        'warranty',
        '9. Warranty',
        p('The statutory rights for defects apply. Please contact us at the details in section 2 if an item is defective.'),
      ),
      section(
        'languages',
        '10. Contract languages',
        p(
          'The contract can be concluded in German, English or French, in the language in which you use the website when ordering. These terms and the withdrawal information are available in all three languages.',
        ),
      ),
      section(
        'storage',
        '11. Storage of the contract text',
        p(
          'We store your order with its details. The order confirmation e-mail contains the order details, these terms and conditions and the withdrawal information with the model withdrawal form; please keep it. The current terms are always on this page.',
        ),
      ),
      section(
        'disputes',
        '12. Dispute resolution',
        p('We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board.'),
      ),
    ],
  };
};
