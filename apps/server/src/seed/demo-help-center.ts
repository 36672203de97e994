import type { HelpCategoryInput } from '../modules/content/content.service.ts';

/** The demo merchant's help centre, in Tagalog and English. Anchors are what links point at. */
export const DEMO_HELP_CENTER: HelpCategoryInput[] = [
  {
    anchor: 'term',
    title: { TY: 'Kasunduan ng User', EN: 'User Agreement' },
    articles: [
      {
        anchor: 'term-general',
        title: { TY: 'Mga pangkalahatang tuntunin', EN: 'General terms' },
        content: {
          TY: '<p>Sa paggawa ng account sa Panalo, sumasang-ayon ka sa mga tuntuning ito. Dapat ay <strong>21 taong gulang pataas</strong> ka at pinapayagan ng batas sa iyong lugar ang paglalaro.</p><ul><li>Isang account lamang bawat tao.</li><li>Ang impormasyong ibinigay mo ay dapat totoo at sa iyo.</li><li>Ikaw ang may pananagutan sa seguridad ng iyong password.</li></ul>',
          EN: '<p>By opening a Panalo account you accept these terms. You must be <strong>21 years or older</strong> and gaming must be legal where you are.</p><ul><li>One account per person.</li><li>The details you give must be true and your own.</li><li>You are responsible for keeping your password safe.</li></ul>',
        },
      },
      {
        anchor: 'term-funds',
        title: { TY: 'Deposito at withdrawal', EN: 'Deposits and withdrawals' },
        content: {
          TY: '<p>Lahat ng halaga ay nasa piso (₱). Maaaring hilingin namin ang pagpapatunay ng pagkakakilanlan bago ang withdrawal.</p>',
          EN: '<p>All amounts are in pesos (₱). We may ask you to verify your identity before a withdrawal.</p>',
        },
      },
      {
        anchor: 'term-conduct',
        title: { TY: 'Patas na paglalaro', EN: 'Fair play' },
        content: {
          TY: '<p>Bawal ang pandaraya, paggamit ng bot, at sabwatan. Maaaring isara ang account na lumalabag at bawiin ang mga panalong nakuha sa hindi patas na paraan.</p>',
          EN: '<p>Cheating, bots and collusion are not allowed. Accounts that break these rules may be closed and winnings gained unfairly withheld.</p>',
        },
      },
    ],
  },
  {
    anchor: 'privacy',
    title: { TY: 'Patakaran sa Privacy', EN: 'Privacy Policy' },
    articles: [
      {
        anchor: 'privacy-data',
        title: { TY: 'Anong datos ang kinokolekta namin', EN: 'What we collect' },
        content: {
          TY: '<p>Kinokolekta namin ang iyong username, numero ng mobile, email at kasaysayan ng transaksyon upang mapatakbo ang iyong account, maiwasan ang pandaraya at sumunod sa batas. Hindi namin ibinebenta ang iyong datos.</p><p>Nag-iimbak din ang iyong browser ng random na device identifier na ipinapadala sa bawat request. Ginagamit lamang namin ito, kasama ng iyong network address, upang limitahan kung ilang account ang nabubuksan mula sa iisang device o network; hindi nito kinikilala ang iyong device sa labas ng site na ito. Ang mga free-play account ay ginagawang anonymous 24 oras matapos ang huling paggamit.</p>',
          EN: '<p>We collect your username, mobile number, email and transaction history to run your account, prevent fraud and meet legal duties. We never sell your data.</p><p>Your browser also keeps a random device identifier that it sends with each request. We use it, with your network address, only to limit how many accounts are opened from one device or network; it does not identify your device outside this site. Free-play accounts are anonymised 24 hours after their last use.</p>',
        },
      },
      {
        anchor: 'privacy-rights',
        title: { TY: 'Ang iyong mga karapatan', EN: 'Your rights' },
        content: {
          TY: '<p>Maaari mong hilingin ang kopya, pagwawasto o pagbura ng iyong datos alinsunod sa Data Privacy Act of 2012. Makipag-ugnayan sa customer service.</p>',
          EN: '<p>You may ask for a copy, correction or deletion of your data under the Data Privacy Act of 2012. Contact customer service.</p>',
        },
      },
    ],
  },
  {
    anchor: 'responsible',
    title: { TY: 'Responsableng Paglalaro', EN: 'Responsible Gaming' },
    articles: [
      {
        anchor: 'responsible-age',
        title: { TY: '21+ lamang', EN: '21+ only' },
        content: {
          TY: '<p>Ang Panalo ay para lamang sa mga <strong>21 taong gulang pataas</strong>. Maaari naming hilingin ang patunay ng edad anumang oras.</p>',
          EN: '<p>Panalo is for people <strong>21 years or older</strong> only. We may ask for proof of age at any time.</p>',
        },
      },
      {
        anchor: 'responsible-limits',
        title: { TY: 'Maglaro nang may hangganan', EN: 'Play within limits' },
        content: {
          TY: '<ul><li>Magtakda ng badyet at oras bago maglaro: sa member centre, sa Responsableng Paglalaro, puwede kang maglagay ng limitasyon sa deposito, talo at oras.</li><li>Huwag habulin ang talo.</li><li>Magpahinga nang madalas.</li><li>Kung hindi mo na makontrol, humingi ng tulong o pansamantalang isara ang iyong account sa customer service.</li></ul>',
          EN: '<ul><li>Set a budget and a time limit before you play: the Responsible Gaming page of the member center takes deposit, loss and time limits.</li><li>Never chase losses.</li><li>Take regular breaks.</li><li>If it stops being fun, ask for help or have customer service pause your account.</li></ul>',
        },
      },
    ],
  },
  {
    anchor: 'about',
    title: { TY: 'Tungkol sa Amin', EN: 'About Us' },
    articles: [
      {
        anchor: 'about-panalo',
        title: { TY: 'Ang Panalo', EN: 'Panalo' },
        content: {
          TY: '<p>Ang Panalo ay online na plataporma ng laro para sa mga Pilipino: live casino, slots, sports, lotto at sariling mga laro na <em>provably fair</em>, na may suporta sa Tagalog at English.</p>',
          EN: '<p>Panalo is an online gaming platform for Filipino players: live casino, slots, sports, lottery and our own provably fair games, in Tagalog and English.</p>',
        },
      },
    ],
  },
  {
    anchor: 'faq',
    title: { TY: 'Mga Madalas Itanong', EN: 'FAQ' },
    articles: [
      {
        anchor: 'faq-register',
        title: { TY: 'Paano magrehistro?', EN: 'How do I register?' },
        content: {
          TY: '<p>Pindutin ang <strong>Magrehistro</strong>, ilagay ang username o numero ng mobile, gumawa ng password at kumpirmahin ang code na ipapadala sa iyong telepono.</p>',
          EN: '<p>Tap <strong>Register</strong>, enter a username or mobile number, choose a password and confirm the code we text to your phone.</p>',
        },
      },
      {
        anchor: 'faq-deposit',
        title: { TY: 'Gaano katagal ang deposito?', EN: 'How long does a deposit take?' },
        content: {
          TY: '<p>Karamihan ng deposito ay pumapasok sa loob ng ilang minuto. Kung lumampas sa 30 minuto, ipadala sa customer service ang resibo.</p>',
          EN: '<p>Most deposits arrive within minutes. If it takes longer than 30 minutes, send the receipt to customer service.</p>',
        },
      },
      {
        anchor: 'faq-password',
        title: { TY: 'Nakalimutan ko ang password', EN: 'I forgot my password' },
        content: {
          TY: '<p>Gamitin ang <strong>Nakalimutan ang password</strong> sa login at piliin ang email o mobile. Makakatanggap ka ng code para magtakda ng bagong password.</p>',
          EN: '<p>Use <strong>Forgot password</strong> on the login screen and choose email or mobile. You will receive a code to set a new password.</p>',
        },
      },
    ],
  },
];
