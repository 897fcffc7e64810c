import { holdMark, SALE_FEE_MARK } from '../../../contract/platform'
import { PRICING_EXAMPLES } from './examples'
import type { ContactPayload, FeaturesPayload, HomeWords, PricingPayload } from './types'

/**
 * What the marketing pages say, in Kiswahili (content.ts has the English and how the build uses both).
 * `{n}` in a hold's words is the number of days alone: Kiswahili puts it after the noun (`siku 7`).
 */

const HOLD = {
  step: holdMark('Mapato yanapatikana baada ya siku {n}.', 'Mapato yanapatikana mara moja.'),
  withdraw: holdMark(
    'Mapato ya mauzo yanashikiliwa kwa siku {n} endapo mnunuzi atarejeshewa pesa, kisha unaweza kuyatoa mara moja au kwa ratiba.',
    'Mapato ya mauzo yanapatikana mara moja: yatoe papo hapo au kwa ratiba.',
  ),
}

const home: HomeWords = {
  heading: 'Uza bidhaa za kidijitali na ulipwe popote',
  lead: 'Soko ni soko la wabunifu na wafanyakazi huru wa Afrika Mashariki na kwingineko: uza, tuma ankara kwa wateja na upokee malipo kwa kadi, PayPal na M-Pesa.',
  points: [
    {
      icon: 'bag',
      title: 'Uza chochote unachotengeneza',
      text: 'Presets, violezo, muziki, kozi, vipindi vya ushauri, fulana na tiketi za matukio — duka moja.',
    },
    {
      icon: 'phone',
      title: 'Lipwa jinsi wanunuzi wako wanavyolipa',
      text: 'Kadi, PayPal na M-Pesa wakati wa malipo. Toa pesa papo hapo kwenda M-Pesa au kwa ratiba.',
    },
    {
      icon: 'offline',
      title: 'Imeundwa kwa simu na mtandao wa polepole',
      text: 'Weka Soko kwenye skrini ya simu yako. Upakuaji huendelea ulipokatika; mauzo yako hufunguka bila mtandao.',
    },
  ],
  steps: [
    {
      title: 'Fungua duka lako',
      text: 'Chagua jina la duka, weka picha na useme unachotengeneza. Inachukua dakika mbili.',
    },
    {
      title: 'Orodhesha unachouza',
      text: 'Pakia faili, weka bei au waache wanunuzi walipe wanavyotaka, kisha chapisha.',
    },
    {
      title: 'Shiriki kiungo',
      text: 'Kila bidhaa ina ukurasa wake unaoonyesha kadi kwenye WhatsApp na mitandao ya kijamii.',
    },
    { title: 'Lipwa', text: `Wanunuzi hulipa kwa M-Pesa, kadi au PayPal. ${HOLD.step}` },
  ],
}

const features: FeaturesPayload = {
  heading: 'Vipengele',
  lead: 'Kila kitu mbunifu au mfanyakazi huru anachohitaji kuuza, kulipwa na kuendelea hata mtandao ukiwa wa polepole.',
  groups: [
    {
      title: 'Uza',
      items: [
        {
          icon: 'download',
          title: 'Bidhaa za kidijitali',
          text: 'Faili hadi GB 2, kikomo cha upakuaji, lipa unachotaka na kiwango cha chini.',
        },
        {
          icon: 'calendar',
          title: 'Huduma na miadi',
          text: 'Saa za kazi za kila wiki, nafasi kati ya vipindi, miadi kwa saa za mnunuzi.',
        },
        {
          icon: 'bag',
          title: 'Bidhaa za duka',
          text: 'Saizi na rangi, kila moja na idadi yake, maeneo ya usafirishaji na kuchukua dukani.',
        },
        {
          icon: 'ticket',
          title: 'Tiketi za matukio',
          text: 'Aina za tiketi zenye idadi na muda wa mauzo, misimbo ya QR mlangoni.',
        },
        {
          icon: 'invoice',
          title: 'Ankara',
          text: 'Mtumie mteja ankara na umruhusu alipe mtandaoni kwa njia yoyote.',
        },
      ],
    },
    {
      title: 'Lipwa',
      items: [
        {
          icon: 'phone',
          title: 'M-Pesa',
          text: 'Ombi la malipo kwenye simu ya mnunuzi, na Paybill ikiwa ombi halifiki.',
        },
        {
          icon: 'card',
          title: 'Kadi na PayPal',
          text: 'Wanunuzi popote hulipa kwa njia wanayoiamini, pamoja na 3-D Secure.',
        },
        {
          icon: 'wallet',
          title: 'Kutoa pesa',
          text: 'Toa pesa papo hapo kwenda M-Pesa, au kila siku, wiki au mwezi kwenda M-Pesa, PayPal au benki.',
        },
      ],
    },
    {
      title: 'Imeundwa kwa simu',
      items: [
        {
          icon: 'offline',
          title: 'Inafanya kazi bila mtandao',
          text: 'Weka Soko kwenye skrini ya simu; ununuzi na mauzo hufunguka bila mtandao.',
        },
        {
          icon: 'download',
          title: 'Upakuaji unaoendelea',
          text: 'Mtandao ukikatika, upakuaji huendelea pale ulipoishia badala ya kuanza upya.',
        },
        {
          icon: 'bolt',
          title: 'Nyepesi',
          text: 'Kurasa ndogo na picha za ukubwa wa skrini, hivyo mtandao wa 3G unatosha.',
        },
      ],
    },
  ],
}

const pricing: PricingPayload = {
  heading: 'Bei',
  lead: `Hakuna ada ya kila mwezi wala gharama ya kuanza: Soko inachukua ${SALE_FEE_MARK} ya kila mauzo, na hakuna kitu usipouza.`,
  feeText: SALE_FEE_MARK,
  includes: [
    'Bidhaa, huduma, bidhaa za duka na matukio bila kikomo',
    'Malipo kwa kadi, PayPal na M-Pesa',
    'Ankara kwa wateja',
    'Faili hadi GB 2 kila moja, upakuaji unaoendelea kwa wanunuzi',
    'Kutoa pesa papo hapo au kwa ratiba',
    'Ukurasa wa duka lako na kadi za kushiriki',
  ],
  examples: PRICING_EXAMPLES,
  faq: [
    { question: 'Ninaweza kutoa pesa lini?', answer: HOLD.withdraw },
    {
      question: 'Je, wanunuzi hulipa zaidi?',
      answer: 'Hapana. Mnunuzi analipa bei uliyoweka; ada inatoka kwenye mauzo.',
    },
    {
      question: 'Nikimrejeshea mnunuzi pesa je?',
      answer: 'Mauzo na ada yake hurudishwa pamoja, hivyo kurejesha pesa hakukugharimu ada.',
    },
  ],
}

const TOPIC_WORDS: Record<string, string> = {
  selling: 'Kuuza kwenye Soko',
  payments: 'Malipo na kutoa pesa',
  purchase: 'Kitu nilichonunua',
  account: 'Akaunti yangu',
  other: 'Jambo jingine',
}

/** The contact page's topics in Kiswahili: the same values as the English. */
export function swahiliTopics(topics: readonly { value: string; label: string }[]) {
  return topics.map((topic) => ({ value: topic.value, label: TOPIC_WORDS[topic.value] ?? topic.label }))
}

const contact: Omit<ContactPayload, 'topics'> = {
  heading: 'Wasiliana nasi',
  lead: 'Una swali kuhusu kuuza, kutoa pesa au kitu ulichonunua? Tuandikie na mtu atakujibu.',
  responseTime: 'Tunajibu ndani ya siku moja ya kazi, Jumatatu hadi Ijumaa, saa za Afrika Mashariki.',
  tips: [
    {
      title: 'Ununuzi',
      text: 'Taja barua pepe uliyonunulia na jina la bidhaa au namba ya agizo.',
    },
    {
      title: 'Malipo ya M-Pesa',
      text: 'Taja msimbo wa uthibitisho wa M-Pesa kutoka kwenye SMS na namba ya simu iliyolipa.',
    },
    {
      title: 'Kutoa pesa',
      text: 'Taja jina la duka lako; usitutumie kamwe nenosiri lako wala PIN yako ya M-Pesa.',
    },
  ],
}

export const swahili = { home, features, pricing, contact }
