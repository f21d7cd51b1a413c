import { link, list, p, section, type LegalTemplate } from '../document';
import { postalAddress, WITHDRAWAL_BUTTON_PATH } from '../shop-terms';

/**
 * Withdrawal information after the model in Annex I(A) of Directive 2011/83/EU (English version; the
 * German text follows Anlage 1 EGBGB), variant "several goods delivered separately", and the model
 * withdrawal form (Annex I(B)). A template the association must have reviewed.
 */
export const withdrawalEn: LegalTemplate = (d) => {
  const trader = `${postalAddress(d)}, telephone: ${d.phone}, e-mail: ${d.email}`;
  return {
    sections: [
      section(
        'right',
        'Right of withdrawal',
        p('You have the right to withdraw from this contract within 14 days without giving any reason.'),
        p(
          'The withdrawal period will expire after 14 days from the day on which you acquire, or a third party other than the carrier and indicated by you acquires, physical possession of the last good.',
        ),
        p(
          `To exercise the right of withdrawal, you must inform us (${trader}) of your decision to withdraw from this contract by an unequivocal statement (e.g. a letter sent by post or e-mail). You may use the attached model withdrawal form, but it is not obligatory.`,
        ),
        p(
          'You can also electronically fill in and submit the model withdrawal form or any other unequivocal statement on our website (',
          link(WITHDRAWAL_BUTTON_PATH, 'Withdraw from the contract'),
          '). If you use this option, we will communicate to you an acknowledgement of receipt of such a withdrawal on a durable medium (e.g. by e-mail) without delay.',
        ),
        p(
          'To meet the withdrawal deadline, it is sufficient for you to send your communication concerning your exercise of the right of withdrawal before the withdrawal period has expired.',
        ),
      ),
      section(
        'consequences',
        'Effects of withdrawal',
        p(
          'If you withdraw from this contract, we shall reimburse to you all payments received from you, including the costs of delivery (with the exception of the supplementary costs resulting from your choice of a type of delivery other than the least expensive type of standard delivery offered by us), without undue delay and in any event not later than 14 days from the day on which we are informed about your decision to withdraw from this contract. We will carry out such reimbursement using the same means of payment as you used for the initial transaction, unless you have expressly agreed otherwise; in any event, you will not incur any fees as a result of such reimbursement.',
        ),
        p(
          'We may withhold reimbursement until we have received the goods back or you have supplied evidence of having sent back the goods, whichever is the earliest.',
        ),
        p(
          `You shall send back the goods or hand them over to ${d.shop.returnAddress}, without undue delay and in any event not later than 14 days from the day on which you communicate your withdrawal from this contract to us. The deadline is met if you send back the goods before the period of 14 days has expired.`,
        ),
        p(
          d.shop.returnCostsBorneBy === 'customer'
            ? 'You will have to bear the direct cost of returning the goods.'
            : 'We will bear the cost of returning the goods.',
        ),
        p(
          'You are only liable for any diminished value of the goods resulting from the handling other than what is necessary to establish the nature, characteristics and functioning of the goods.',
        ),
      ),
      section(
        'online',
        'Withdrawal through our website',
        p(
          'No sign-in needed: on the page ',
          link(WITHDRAWAL_BUTTON_PATH, 'Withdraw from the contract'),
          ' enter your name, the order number from the order confirmation and the e-mail address of your order, then confirm the withdrawal. We send the acknowledgement with the content of your declaration and the date and time we received it to that e-mail address.',
        ),
      ),
      section(
        'form',
        'Model withdrawal form',
        p('(Complete and return this form only if you wish to withdraw from the contract.)'),
        list(
          `To ${postalAddress(d)}, e-mail: ${d.email}:`,
          'I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*),',
          'Ordered on (*)/received on (*),',
          'Name of consumer(s),',
          'Address of consumer(s),',
          'Signature of consumer(s) (only if this form is notified on paper),',
          'Date',
        ),
        p('(*) Delete as appropriate.'),
      ),
    ],
  };
};
