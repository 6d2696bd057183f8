/** The demo merchant's help-centre articles in EN and TY (Thai). Plain text; blank lines split paragraphs. */
export const demoHelpArticles = [
  {
    lang: 'EN',
    term: 'about-us',
    sequence: 0,
    title: 'About us',
    content:
      'Demo Portal brings lottery, live casino, sports, fish, slots, PVP, esports, cockfight and our own in-house games together in one account.\n\nThis is a demonstration merchant: every setting you see here is configured by the operator.',
  },
  {
    lang: 'EN',
    term: 'deposit',
    sequence: 1,
    title: 'How to deposit',
    content:
      'Open the member centre and choose Deposit. Pick a payment channel, enter the amount within the limits shown and follow the instructions.\n\nYour balance updates as soon as the payment is confirmed.',
  },
  {
    lang: 'EN',
    term: 'withdrawal',
    sequence: 2,
    title: 'How to withdraw',
    content:
      'Set a payment password and add a bank account in the security centre first. Then choose Withdraw, enter the amount and confirm with your payment password.\n\nThe amount is held until the payment is disbursed; confirm when you have received it.',
  },
  {
    lang: 'EN',
    term: 'responsible-gaming',
    sequence: 3,
    title: 'Responsible gaming',
    content:
      'You must be 18 or older to play. Set yourself limits, take breaks, and never chase losses.\n\nIf gaming stops being fun, contact customer service to pause or close your account.',
  },
  {
    lang: 'EN',
    term: 'terms',
    sequence: 4,
    title: 'Terms and conditions',
    content:
      'By registering you confirm that you are at least 18 years old and that gambling is legal where you live.\n\nOne account per person. Bonuses carry the conditions stated in each promotion.',
  },
  {
    lang: 'EN',
    term: 'privacy',
    sequence: 5,
    title: 'Privacy policy',
    content:
      'We keep only the data we need to run your account and meet our legal duties, and we never sell it.\n\nPasswords are stored as one-way hashes; nobody at the portal can read them.',
  },
  {
    lang: 'TY',
    term: 'about-us',
    sequence: 0,
    title: 'เกี่ยวกับเรา',
    content:
      'Demo Portal รวมลอตเตอรี่ คาสิโนสด กีฬา ยิงปลา สล็อต PVP อีสปอร์ต ชนไก่ และเกมของเราเองไว้ในบัญชีเดียว\n\nนี่คือร้านค้าสาธิต การตั้งค่าทั้งหมดที่คุณเห็นถูกกำหนดโดยผู้ให้บริการ',
  },
  {
    lang: 'TY',
    term: 'deposit',
    sequence: 1,
    title: 'วิธีฝากเงิน',
    content:
      'เปิดศูนย์สมาชิกแล้วเลือกฝากเงิน เลือกช่องทางการชำระเงิน ใส่จำนวนเงินภายในวงเงินที่แสดง และทำตามขั้นตอน\n\nยอดเงินของคุณจะอัปเดตทันทีที่การชำระเงินได้รับการยืนยัน',
  },
  {
    lang: 'TY',
    term: 'withdrawal',
    sequence: 2,
    title: 'วิธีถอนเงิน',
    content:
      'ตั้งรหัสผ่านการชำระเงินและเพิ่มบัญชีธนาคารในศูนย์ความปลอดภัยก่อน จากนั้นเลือกถอนเงิน ใส่จำนวนเงิน และยืนยันด้วยรหัสผ่านการชำระเงิน\n\nจำนวนเงินจะถูกพักไว้จนกว่าจะจ่ายออก โปรดยืนยันเมื่อคุณได้รับเงินแล้ว',
  },
  {
    lang: 'TY',
    term: 'responsible-gaming',
    sequence: 3,
    title: 'การเล่นอย่างมีความรับผิดชอบ',
    content:
      'คุณต้องมีอายุ 18 ปีขึ้นไปจึงจะเล่นได้ กำหนดขีดจำกัดให้ตัวเอง พักเป็นระยะ และอย่าไล่ตามการเสีย\n\nหากการเล่นไม่สนุกอีกต่อไป โปรดติดต่อฝ่ายบริการลูกค้าเพื่อพักหรือปิดบัญชีของคุณ',
  },
  {
    lang: 'TY',
    term: 'terms',
    sequence: 4,
    title: 'ข้อกำหนดและเงื่อนไข',
    content:
      'การลงทะเบียนถือว่าคุณยืนยันว่ามีอายุอย่างน้อย 18 ปี และการพนันถูกกฎหมายในที่ที่คุณอาศัยอยู่\n\nหนึ่งบัญชีต่อหนึ่งคน โบนัสเป็นไปตามเงื่อนไขที่ระบุในแต่ละโปรโมชั่น',
  },
  {
    lang: 'TY',
    term: 'privacy',
    sequence: 5,
    title: 'นโยบายความเป็นส่วนตัว',
    content:
      'เราเก็บเฉพาะข้อมูลที่จำเป็นต่อการดูแลบัญชีของคุณและหน้าที่ตามกฎหมาย และจะไม่ขายข้อมูลของคุณ\n\nรหัสผ่านถูกจัดเก็บแบบแฮชทางเดียว ไม่มีใครในพอร์ทัลอ่านได้',
  },
];
