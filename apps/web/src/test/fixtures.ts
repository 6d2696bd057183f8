import type { HelpCenter, Permission, SystemStatus, Whitelabel } from '@portal/contracts';

/** Test data factories with overrides; shapes follow the contracts exactly. */
export function buildWhitelabel(overrides: Partial<Whitelabel> = {}): Whitelabel {
  return {
    merchantCode: 'LUCKY',
    merchantName: 'Lucky Star',
    modules: {
      mobileRegistration: false,
      smsVerification: false,
      mobilePasswordRegistration: false,
      freePlay: true,
      forcedPasswordChange: true,
      mobileCodeLogin: false,
      agentPolicy: false,
      referralPromotion: false,
      contractDividends: false,
      salary: false,
    },
    defaultLanguage: 'EN',
    languages: ['EN', 'TY'],
    themes: ['dark', 'light'],
    defaultTheme: null,
    currency: { code: 'THB', symbol: '฿', decimals: 2 },
    branding: { logoUrl: null, primaryColor: null, accentColor: null },
    countries: [
      { countryCode: 'TH', countryDialingCode: '+66' },
      { countryCode: 'VN', countryDialingCode: '+84' },
    ],
    gameListLayout: 'grid',
    socialLogin: [],
    ...overrides,
  };
}

export function buildPermission(overrides: Partial<Permission['info']> = {}): Permission {
  return {
    info: {
      customerService: [{ id: 1, csType: 'CS', name: 'Live chat', path: 'https://chat.example.test/room/1' }],
      domainRoute: [{ domain: 'lucky.example.test', main: true }],
      resources: [
        { url: 'https://lucky.example.test/app.apk', resourceType: 'Android', labelNameEn: 'Android' },
        { url: 'https://lucky.example.test/ios', resourceType: 'iOS', labelNameEn: 'iOS' },
        { url: 'https://t.me/lucky', resourceType: 'TELEGRAM', labelNameEn: 'Telegram' },
        { url: 'https://facebook.example.test/lucky', resourceType: 'FACEBOOK', labelNameEn: 'Facebook' },
        { url: 'https://wa.example.test/lucky', resourceType: 'WHATSAPP', labelNameEn: 'WhatsApp' },
        { url: 'https://youtube.example.test/lucky', resourceType: 'YOUTUBE', labelNameEn: 'YouTube' },
      ],
      whitelabel: buildWhitelabel(),
      register: [],
      mainDomain: 'lucky.example.test',
      analytics: { gtagId: null },
      imageCDNs: [],
      launchGameCDNs: [],
      ...overrides,
    },
    location: { ip: '203.0.113.7', country: 'TH' },
    maintenance: false,
    regionRestriction: false,
  };
}

export function buildStatus(overrides: Partial<SystemStatus> = {}): SystemStatus {
  return { status: 0, ip: '203.0.113.7', country: 'TH', maintenanceMessage: null, ...overrides };
}

export function buildHelpCenter(overrides: Partial<HelpCenter> = {}): HelpCenter {
  return {
    lang: 'EN',
    articles: [
      {
        id: 1,
        term: 'deposit',
        title: 'How do I deposit?',
        content: 'Open the wallet and choose a payment method.\n\nDeposits arrive within minutes.',
      },
      { id: 2, term: 'withdraw', title: 'How do I withdraw?', content: 'Withdrawals need a bank account.' },
    ],
    ...overrides,
  };
}
