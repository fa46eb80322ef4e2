/**
 * Liability details of credit card, PayPal, student loan and mortgage accounts (rule 2). Amounts
 * follow the account's current balance; dates follow the Item's anchor day (the day it was
 * created), so an Item shows the same details on every call.
 */
import type { components } from '@svc/spec/types';
import { addDays, firstOfMonth, isLiabilityAccount } from '../items/index.js';
import { cents, derivedDigits } from './seeded-random.js';

type Schemas = components['schemas'];

/** What liability details are derived from. */
export interface LiabilityAccount {
  account_id: string;
  type: string;
  subtype: string;
  current: number;
}

function creditLiability(account: LiabilityAccount, anchor: string): Schemas['CreditCardLiability'] {
  const statement = firstOfMonth(anchor);
  return {
    account_id: account.account_id,
    aprs: [
      { apr_percentage: 15.24, apr_type: 'balance_transfer_apr', balance_subject_to_apr: 0, interest_charge_amount: 0 },
      { apr_percentage: 27.95, apr_type: 'cash_apr', balance_subject_to_apr: 0, interest_charge_amount: 0 },
      {
        apr_percentage: 12.5,
        apr_type: 'purchase_apr',
        balance_subject_to_apr: account.current,
        interest_charge_amount: cents((account.current * 0.125) / 10),
      },
    ],
    is_overdue: false,
    last_payment_amount: 168.25,
    last_payment_date: addDays(statement, -5),
    last_statement_issue_date: statement,
    minimum_payment_amount: 20,
    next_payment_due_date: addDays(statement, 27),
  };
}

function mortgageLiability(account: LiabilityAccount, anchor: string): Schemas['MortgageLiability'] {
  return {
    account_id: account.account_id,
    account_number: derivedDigits(`${account.account_id}/mortgage`, 10),
    current_late_fee: 0,
    escrow_balance: 3141.54,
    has_pmi: true,
    has_prepayment_penalty: false,
    interest_rate: { percentage: 3.99, type: 'fixed' },
    last_payment_amount: 3141.54,
    last_payment_date: firstOfMonth(anchor),
    loan_term: '30 year',
    loan_type_description: 'conventional',
    maturity_date: '2046-07-31',
    next_monthly_payment: 3141.54,
    next_payment_due_date: firstOfMonth(anchor, 1),
    origination_date: '2016-08-01',
    origination_principal_amount: 425000,
    past_due_amount: 0,
    property_address: {
      street: '2992 Cameron Road',
      city: 'Malakoff',
      region: 'NY',
      postal_code: '14236',
      country: 'US',
    },
    ytd_interest_paid: 2010.72,
    ytd_principal_paid: 29405.62,
  };
}

function studentLiability(account: LiabilityAccount, anchor: string): Schemas['StudentLoanLiability'] {
  const statement = firstOfMonth(anchor);
  const accountNumber = derivedDigits(`${account.account_id}/student`, 10);
  return {
    account_id: account.account_id,
    account_number: accountNumber,
    disbursement_dates: ['2022-08-15'],
    expected_payoff_date: '2032-07-28',
    guarantor: 'DEPT OF ED',
    interest_rate_percentage: 5.25,
    is_overdue: false,
    last_payment_amount: 138.05,
    last_payment_date: addDays(statement, -7),
    last_statement_issue_date: statement,
    loan_name: 'Consolidation',
    loan_status: { end_date: '2032-07-28', type: 'repayment' },
    minimum_payment_amount: 25,
    next_payment_due_date: addDays(statement, 24),
    origination_date: '2022-08-15',
    origination_principal_amount: 75000,
    outstanding_interest_amount: 6227.36,
    payment_reference_number: accountNumber,
    pslf_status: { estimated_eligibility_date: '2030-01-30', payments_made: 35, payments_remaining: 85 },
    repayment_plan: { description: 'Standard Repayment', type: 'standard' },
    sequence_number: '1',
    servicer_address: {
      street: '123 Main Street',
      city: 'San Matias',
      region: 'CA',
      postal_code: '99415',
      country: 'US',
    },
    ytd_interest_paid: 280.55,
    ytd_principal_paid: 1100,
  };
}

/**
 * The `liabilities` object of `accounts` (accounts liabilities does not cover are skipped); the
 * three arrays are always present.
 */
export function liabilitiesOf(accounts: readonly LiabilityAccount[], anchor: string): Schemas['Liabilities'] {
  const liabilities: Schemas['Liabilities'] = { credit: [], mortgage: [], student: [] };
  for (const account of accounts.filter(isLiabilityAccount)) {
    if (account.type === 'credit') {
      liabilities.credit.push(creditLiability(account, anchor));
    } else if (account.subtype === 'mortgage') {
      liabilities.mortgage.push(mortgageLiability(account, anchor));
    } else {
      liabilities.student.push(studentLiability(account, anchor));
    }
  }
  return liabilities;
}
