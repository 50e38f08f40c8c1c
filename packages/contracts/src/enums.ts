import { z } from './zod';

// Every enumeration of the API, as zod enums so the API validates them and the web
// shares the same literal types.

export const ZLoginWay = z.enum(['LOGIN_OUT', 'GUEST', 'ONLY_CONTROLLED', 'DEVICE_MANAGE', 'ALL']);
export type TLoginWay = z.infer<typeof ZLoginWay>;

export const ZLoginType = z.enum(['mobile', 'account', 'email', 'temporary', 'loginKey']);
export type TLoginType = z.infer<typeof ZLoginType>;

export const ZSmsType = z.enum([
  'LOGIN',
  'BIND_EMAIL',
  'CHANGE_MOBILE',
  'BIND_MOBILE',
  'RESET',
  'SIGNUP',
  'CANCEL_ACCOUNT',
  'MODIFY_PHONE',
]);
export type TSmsType = z.infer<typeof ZSmsType>;
/** Purposes of a code sent to the contact on file of an existing account (POST /sms/sendByAccount). */
export const ZAccountSmsType = ZSmsType.extract(['LOGIN', 'RESET', 'CANCEL_ACCOUNT']);
export type TAccountSmsType = z.infer<typeof ZAccountSmsType>;

export const ZCheckType = z.enum(['MOBILE', 'ACCOUNT', 'EMAIL']);
export type TCheckType = z.infer<typeof ZCheckType>;

export const ZDeliveryChannel = z.enum(['SMS', 'EMAIL']);
export type TDeliveryChannel = z.infer<typeof ZDeliveryChannel>;

export const ZClientType = z.enum(['ANDROID', 'ANDROID_PAD', 'IOS', 'IPAD', 'LINUX', 'MAC', 'WIN', 'UNKNOWN']);
export type TClientType = z.infer<typeof ZClientType>;

export const ZChipType = z.enum(['X86', 'ARM', 'APPLE_SILICON']);
export type TChipType = z.infer<typeof ZChipType>;

export const ZPricingCategory = z.enum(['FUNCTION', 'SAFE', 'PLAY', 'PROPERTY', 'PERMISSION', 'COMPATIBLE']);
export type TPricingCategory = z.infer<typeof ZPricingCategory>;

export const ZTimeUnit = z.enum(['MONTH', 'YEAR']);
export type TTimeUnit = z.infer<typeof ZTimeUnit>;

/** The spec's MEMBER, MONITOR, CHANNEL, QUALITY, plus CLOUD_PC (cloud-PC rental, see cloud-pc.ts). */
export const ZOrderItemType = z.enum(['MEMBER', 'MONITOR', 'CHANNEL', 'QUALITY', 'CLOUD_PC']);
export type TOrderItemType = z.infer<typeof ZOrderItemType>;

export const ZActivityType = z.enum(['LZ']);
export type TActivityType = z.infer<typeof ZActivityType>;

export const ZPaymentClient = z.enum(['SYSTEM', 'WEB', 'JS_API', 'APP']);
export type TPaymentClient = z.infer<typeof ZPaymentClient>;

export const ZPaymentMethod = z.enum(['SYSTEM', 'ZFB', 'APPLE', 'WX', 'CARD']);
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;
