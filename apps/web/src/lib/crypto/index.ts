export { encryptBody, importServerKey, encryptionAlgorithm } from './encrypt-body';
export { base64ToBytes, bytesToBase64, bytesToBase64Url } from './base64';
