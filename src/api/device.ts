import { VERSION } from '../version'

/**
 * The anonymous web device: fixed placeholders. The device id is a
 * dummy on purpose; nothing about the real browser is sent.
 */
export const DEVICE_PAYLOAD = Object.freeze({
  deviceUDID: 'web-00000000-0000-0000-0000-000000000000',
  pushToken: '',
  timeZone: 'EST',
  appVersion: VERSION,
  osVersion: '14',
  deviceType: 'WEB',
  userId: '',
  deviceModel: '',
  country: '',
  language: '',
})
