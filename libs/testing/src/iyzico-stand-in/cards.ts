import { luhnComplete } from '../customer-screens';

/**
 * How the stand-in's bank treats a card. iyzico documents sandbox test cards that fail with
 * each bank error code; those answer here as they do there. A few more numbers (BIN 552879)
 * exercise what a real acquirer does rarely: answer too slowly, or decline at the auth step.
 */
export const DECLINED_AT_INITIALIZE: Readonly<Record<string, { code: string; group: string; message: string }>> = {
  '4111111111111129': { code: '10051', group: 'NOT_SUFFICIENT_FUNDS', message: 'Kart limiti yetersiz, yetersiz bakiye' },
  '4129111111111111': { code: '10005', group: 'DO_NOT_HONOUR', message: 'İşlem onaylanmadı' },
  '4128111111111112': { code: '10012', group: 'INVALID_TRANSACTION', message: 'Geçersiz işlem' },
  '4127111111111113': { code: '10041', group: 'LOST_CARD', message: 'Kayıp kart, karta el koyunuz' },
  '4126111111111114': { code: '10043', group: 'STOLEN_CARD', message: 'Çalıntı kart, karta el koyunuz' },
  '4125111111111115': { code: '10054', group: 'EXPIRED_CARD', message: 'Vadesi dolmuş kart' },
  '4124111111111116': { code: '10084', group: 'INVALID_CVC2', message: 'CVC2 bilgisi hatalı' },
  '4123111111111117': { code: '10057', group: 'NOT_PERMITTED_TO_CARDHOLDER', message: 'Kart sahibi bu işlemi yapamaz' },
  '4122111111111118': { code: '10058', group: 'NOT_PERMITTED_TO_TERMINAL', message: 'Terminalin bu işlemi yapmaya yetkisi yok' },
  '4121111111111119': { code: '10034', group: 'FRAUD_SUSPECT', message: 'Dolandırıcılık şüphesi' },
  '4120111111111110': { code: '10093', group: 'RESTRICTED_BY_LAW', message: 'Kartınız e-ticaret işlemlerine kapalıdır' },
  '4130111111111118': { code: '10201', group: 'GENERAL_ERROR', message: 'Kart, işleme izin vermedi' },
};

/** Initialize answers only after the client's timeout: the platform does not learn the outcome. */
export const SLOW_INITIALIZE = luhnComplete('552879000000101');
/** 3-D Secure passes, then auth answers only after the client's timeout; the payment succeeds meanwhile. */
export const LATE_AUTH = luhnComplete('552879000000202');
/** 3-D Secure passes, then the bank declines at auth for insufficient funds. */
export const DECLINED_AT_AUTH = luhnComplete('552879000000303');
