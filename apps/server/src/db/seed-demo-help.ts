/**
 * The demo merchant's help-centre articles in every language it offers (seed-demo.ts): EN, TY (Thai), VN
 * (Vietnamese), CN (simplified Chinese), ID (Indonesian), MY (Malay), KR (Korean), JP (Japanese). Plain text;
 * blank lines split paragraphs.
 */
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
  {
    lang: 'VN',
    term: 'about-us',
    sequence: 0,
    title: 'Về chúng tôi',
    content:
      'Demo Portal tập hợp xổ số, sòng bài trực tuyến, thể thao, bắn cá, nổ hũ, game bài PVP, thể thao điện tử, đá gà và các trò chơi độc quyền của chúng tôi trong một tài khoản.\n\nĐây là nhà vận hành trình diễn: mọi cài đặt bạn thấy tại đây đều do nhà vận hành cấu hình.',
  },
  {
    lang: 'VN',
    term: 'deposit',
    sequence: 1,
    title: 'Cách nạp tiền',
    content:
      'Mở trung tâm thành viên và chọn Nạp tiền. Chọn kênh thanh toán, nhập số tiền trong hạn mức hiển thị và làm theo hướng dẫn.\n\nSố dư của bạn được cập nhật ngay khi thanh toán được xác nhận.',
  },
  {
    lang: 'VN',
    term: 'withdrawal',
    sequence: 2,
    title: 'Cách rút tiền',
    content:
      'Trước tiên hãy đặt mật khẩu thanh toán và thêm tài khoản ngân hàng trong trung tâm bảo mật. Sau đó chọn Rút tiền, nhập số tiền và xác nhận bằng mật khẩu thanh toán.\n\nSố tiền được tạm giữ cho đến khi được chi trả; hãy xác nhận khi bạn đã nhận được tiền.',
  },
  {
    lang: 'VN',
    term: 'responsible-gaming',
    sequence: 3,
    title: 'Chơi có trách nhiệm',
    content:
      'Bạn phải từ 18 tuổi trở lên để chơi. Hãy tự đặt giới hạn, nghỉ giải lao và đừng bao giờ cố gỡ lại tiền thua.\n\nNếu việc chơi không còn vui, hãy liên hệ chăm sóc khách hàng để tạm dừng hoặc đóng tài khoản.',
  },
  {
    lang: 'VN',
    term: 'terms',
    sequence: 4,
    title: 'Điều khoản và điều kiện',
    content:
      'Khi đăng ký, bạn xác nhận mình từ 18 tuổi trở lên và cờ bạc là hợp pháp tại nơi bạn sinh sống.\n\nMỗi người một tài khoản. Tiền thưởng đi kèm các điều kiện nêu trong từng khuyến mãi.',
  },
  {
    lang: 'VN',
    term: 'privacy',
    sequence: 5,
    title: 'Chính sách bảo mật',
    content:
      'Chúng tôi chỉ lưu những dữ liệu cần thiết để vận hành tài khoản của bạn và đáp ứng nghĩa vụ pháp lý, và không bao giờ bán dữ liệu đó.\n\nMật khẩu được lưu dưới dạng băm một chiều; không ai tại cổng game có thể đọc được.',
  },
  {
    lang: 'CN',
    term: 'about-us',
    sequence: 0,
    title: '关于我们',
    content:
      'Demo Portal 将彩票、真人娱乐、体育、捕鱼、电子老虎机、棋牌、电子竞技、斗鸡以及我们的自营游戏整合在一个账户中。\n\n这是一个演示商户：您在这里看到的所有设置均由运营方配置。',
  },
  {
    lang: 'CN',
    term: 'deposit',
    sequence: 1,
    title: '如何存款',
    content:
      '打开会员中心并选择“存款”。选择支付渠道，在显示的限额内输入金额，然后按提示操作。\n\n付款确认后，您的余额会立即更新。',
  },
  {
    lang: 'CN',
    term: 'withdrawal',
    sequence: 2,
    title: '如何提款',
    content:
      '请先在安全中心设置支付密码并添加银行账户。然后选择“提款”，输入金额并用支付密码确认。\n\n款项在出款前处于冻结状态；收到款项后请确认到账。',
  },
  {
    lang: 'CN',
    term: 'responsible-gaming',
    sequence: 3,
    title: '理性博彩',
    content:
      '您必须年满 18 岁才能参与游戏。请为自己设定限额、适时休息，切勿追输。\n\n如果游戏不再有趣，请联系客服暂停或关闭您的账户。',
  },
  {
    lang: 'CN',
    term: 'terms',
    sequence: 4,
    title: '条款与条件',
    content:
      '注册即表示您确认已年满 18 岁，且博彩在您居住地合法。\n\n每人仅限一个账户。红利须遵守各项优惠中注明的条件。',
  },
  {
    lang: 'CN',
    term: 'privacy',
    sequence: 5,
    title: '隐私政策',
    content:
      '我们只保存运营您的账户和履行法律义务所需的数据，绝不出售。\n\n密码以单向哈希形式存储，平台上的任何人都无法读取。',
  },
  {
    lang: 'ID',
    term: 'about-us',
    sequence: 0,
    title: 'Tentang kami',
    content:
      'Demo Portal menghadirkan lotre, kasino langsung, olahraga, tembak ikan, slot, PVP, esports, sabung ayam, dan game eksklusif kami dalam satu akun.\n\nIni adalah merchant demonstrasi: semua pengaturan yang Anda lihat di sini dikonfigurasi oleh operator.',
  },
  {
    lang: 'ID',
    term: 'deposit',
    sequence: 1,
    title: 'Cara deposit',
    content:
      'Buka pusat member dan pilih Deposit. Pilih saluran pembayaran, masukkan jumlah sesuai batas yang ditampilkan, lalu ikuti petunjuknya.\n\nSaldo Anda diperbarui segera setelah pembayaran dikonfirmasi.',
  },
  {
    lang: 'ID',
    term: 'withdrawal',
    sequence: 2,
    title: 'Cara penarikan',
    content:
      'Atur kata sandi pembayaran dan tambahkan rekening bank di pusat keamanan terlebih dahulu. Lalu pilih Tarik, masukkan jumlah, dan konfirmasi dengan kata sandi pembayaran Anda.\n\nJumlah tersebut ditahan sampai pembayaran dicairkan; konfirmasikan setelah Anda menerimanya.',
  },
  {
    lang: 'ID',
    term: 'responsible-gaming',
    sequence: 3,
    title: 'Bermain secara bertanggung jawab',
    content:
      'Anda harus berusia 18 tahun atau lebih untuk bermain. Tetapkan batas untuk diri sendiri, beristirahatlah, dan jangan pernah mengejar kekalahan.\n\nJika bermain tidak lagi menyenangkan, hubungi layanan pelanggan untuk menjeda atau menutup akun Anda.',
  },
  {
    lang: 'ID',
    term: 'terms',
    sequence: 4,
    title: 'Syarat dan ketentuan',
    content:
      'Dengan mendaftar, Anda menyatakan berusia minimal 18 tahun dan perjudian legal di tempat tinggal Anda.\n\nSatu akun per orang. Bonus tunduk pada ketentuan yang tercantum di setiap promosi.',
  },
  {
    lang: 'ID',
    term: 'privacy',
    sequence: 5,
    title: 'Kebijakan privasi',
    content:
      'Kami hanya menyimpan data yang diperlukan untuk menjalankan akun Anda dan memenuhi kewajiban hukum, dan kami tidak pernah menjualnya.\n\nKata sandi disimpan sebagai hash satu arah; tidak ada seorang pun di portal yang dapat membacanya.',
  },
  {
    lang: 'MY',
    term: 'about-us',
    sequence: 0,
    title: 'Tentang kami',
    content:
      'Demo Portal menghimpunkan loteri, kasino langsung, sukan, tembak ikan, slot, PVP, e-sukan, sabung ayam dan permainan eksklusif kami dalam satu akaun.\n\nIni ialah pedagang demonstrasi: setiap tetapan yang anda lihat di sini dikonfigurasikan oleh pengendali.',
  },
  {
    lang: 'MY',
    term: 'deposit',
    sequence: 1,
    title: 'Cara membuat deposit',
    content:
      'Buka pusat ahli dan pilih Deposit. Pilih saluran pembayaran, masukkan jumlah dalam had yang ditunjukkan dan ikut arahan.\n\nBaki anda dikemas kini sebaik sahaja pembayaran disahkan.',
  },
  {
    lang: 'MY',
    term: 'withdrawal',
    sequence: 2,
    title: 'Cara mengeluarkan wang',
    content:
      'Tetapkan kata laluan pembayaran dan tambah akaun bank di pusat keselamatan terlebih dahulu. Kemudian pilih Keluarkan, masukkan jumlah dan sahkan dengan kata laluan pembayaran anda.\n\nJumlah itu ditahan sehingga bayaran dibuat; sahkan apabila anda telah menerimanya.',
  },
  {
    lang: 'MY',
    term: 'responsible-gaming',
    sequence: 3,
    title: 'Permainan bertanggungjawab',
    content:
      'Anda mesti berumur 18 tahun ke atas untuk bermain. Tetapkan had untuk diri sendiri, berehat, dan jangan sekali-kali mengejar kekalahan.\n\nJika bermain tidak lagi menyeronokkan, hubungi khidmat pelanggan untuk menggantung atau menutup akaun anda.',
  },
  {
    lang: 'MY',
    term: 'terms',
    sequence: 4,
    title: 'Terma dan syarat',
    content:
      'Dengan mendaftar, anda mengesahkan bahawa anda berumur sekurang-kurangnya 18 tahun dan perjudian adalah sah di tempat anda tinggal.\n\nSatu akaun bagi setiap orang. Bonus tertakluk kepada syarat yang dinyatakan dalam setiap promosi.',
  },
  {
    lang: 'MY',
    term: 'privacy',
    sequence: 5,
    title: 'Dasar privasi',
    content:
      'Kami hanya menyimpan data yang diperlukan untuk mengendalikan akaun anda dan memenuhi tanggungjawab undang-undang kami, dan kami tidak pernah menjualnya.\n\nKata laluan disimpan sebagai cincangan sehala; tiada sesiapa di portal boleh membacanya.',
  },
  {
    lang: 'KR',
    term: 'about-us',
    sequence: 0,
    title: '회사 소개',
    content:
      'Demo Portal은 복권, 라이브 카지노, 스포츠, 피싱, 슬롯, PVP, e스포츠, 투계와 자체 게임을 하나의 계정으로 제공합니다.\n\n이곳은 데모 운영사입니다. 여기서 보이는 모든 설정은 운영자가 구성한 것입니다.',
  },
  {
    lang: 'KR',
    term: 'deposit',
    sequence: 1,
    title: '입금 방법',
    content:
      '회원 센터를 열고 입금을 선택하세요. 결제 채널을 고르고 표시된 한도 내에서 금액을 입력한 뒤 안내에 따르세요.\n\n결제가 확인되는 즉시 잔액이 업데이트됩니다.',
  },
  {
    lang: 'KR',
    term: 'withdrawal',
    sequence: 2,
    title: '출금 방법',
    content:
      '먼저 보안 센터에서 결제 비밀번호를 설정하고 은행 계좌를 추가하세요. 그런 다음 출금을 선택하고 금액을 입력한 뒤 결제 비밀번호로 확인하세요.\n\n지급될 때까지 해당 금액은 보류되며, 받으신 후 수령을 확인해 주세요.',
  },
  {
    lang: 'KR',
    term: 'responsible-gaming',
    sequence: 3,
    title: '책임감 있는 게임',
    content:
      '게임은 만 18세 이상만 이용할 수 있습니다. 스스로 한도를 정하고, 휴식을 취하며, 잃은 돈을 만회하려 하지 마세요.\n\n게임이 더 이상 즐겁지 않다면 고객센터에 연락해 계정을 일시 중지하거나 해지하세요.',
  },
  {
    lang: 'KR',
    term: 'terms',
    sequence: 4,
    title: '이용약관',
    content:
      '가입하면 만 18세 이상이며 거주지에서 도박이 합법임을 확인하는 것입니다.\n\n1인 1계정입니다. 보너스에는 각 프로모션에 명시된 조건이 적용됩니다.',
  },
  {
    lang: 'KR',
    term: 'privacy',
    sequence: 5,
    title: '개인정보 처리방침',
    content:
      '당사는 계정 운영과 법적 의무 이행에 필요한 데이터만 보관하며 절대 판매하지 않습니다.\n\n비밀번호는 단방향 해시로 저장되어 포털의 누구도 읽을 수 없습니다.',
  },
  {
    lang: 'JP',
    term: 'about-us',
    sequence: 0,
    title: '私たちについて',
    content:
      'Demo Portal は宝くじ、ライブカジノ、スポーツ、フィッシング、スロット、PVP、eスポーツ、闘鶏、そして自社ゲームを1つのアカウントでお楽しみいただけます。\n\nこちらはデモ用の運営会社です。ここで表示される設定はすべて運営者が構成しています。',
  },
  {
    lang: 'JP',
    term: 'deposit',
    sequence: 1,
    title: '入金方法',
    content:
      '会員センターを開き「入金」を選択してください。決済方法を選び、表示された範囲内で金額を入力して案内に従ってください。\n\nお支払いが確認され次第、残高が更新されます。',
  },
  {
    lang: 'JP',
    term: 'withdrawal',
    sequence: 2,
    title: '出金方法',
    content:
      'まずセキュリティセンターで支払いパスワードを設定し、銀行口座を追加してください。次に「出金」を選び、金額を入力して支払いパスワードで確定します。\n\n支払いが完了するまで金額は保留されます。受け取ったら受領を確認してください。',
  },
  {
    lang: 'JP',
    term: 'responsible-gaming',
    sequence: 3,
    title: '責任あるゲーム',
    content:
      'プレイできるのは18歳以上の方のみです。自分で上限を決め、休憩を取り、負けを取り戻そうとしないでください。\n\nゲームが楽しくなくなったら、カスタマーサービスに連絡してアカウントの一時停止または解約をしてください。',
  },
  {
    lang: 'JP',
    term: 'terms',
    sequence: 4,
    title: '利用規約',
    content:
      '登録することで、18歳以上であり、お住まいの地域でギャンブルが合法であることを確認したものとみなされます。\n\nお一人様1アカウントです。ボーナスには各プロモーションに記載された条件が適用されます。',
  },
  {
    lang: 'JP',
    term: 'privacy',
    sequence: 5,
    title: 'プライバシーポリシー',
    content:
      'アカウントの運営と法的義務の履行に必要なデータのみを保管し、販売することは決してありません。\n\nパスワードは一方向ハッシュで保存され、ポータルの誰も読むことはできません。',
  },
];
