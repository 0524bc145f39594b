import type { Locale } from '../../i18n/index.ts';

/**
 * The error screen's strings, kept apart from the main catalogs so that the screen has nothing to
 * load or merge when the rest of the app has just failed. The type makes every language complete.
 */
const en = {
  title: 'Something went wrong',
  intro:
    'The lab stopped while drawing this page. Nothing was lost or sent anywhere: everything runs in your browser.',
  whatFailed: 'What failed',
  howToRecover:
    'Reload to try again. If it fails again, reset the scenario: it opens from the start without the rest of the link. To report it, copy the error details.',
  reload: 'Reload',
  reset: 'Reset this scenario',
  copy: 'Copy error details',
  copied: 'Error details copied.',
  copyFailed: 'Could not copy. Select the text under “Error details” and copy it by hand.',
  details: 'Error details',
};

export type ErrorStrings = typeof en;

export const errorStrings: Record<Locale, ErrorStrings> = {
  en,
  pt: {
    title: 'Algo deu errado',
    intro:
      'O laboratório parou ao desenhar esta página. Nada foi perdido nem enviado: tudo roda no seu navegador.',
    whatFailed: 'O que falhou',
    howToRecover:
      'Recarregue para tentar de novo. Se falhar outra vez, reinicie o cenário: ele abre do início, sem o resto do link. Para relatar, copie os detalhes do erro.',
    reload: 'Recarregar',
    reset: 'Reiniciar este cenário',
    copy: 'Copiar detalhes do erro',
    copied: 'Detalhes do erro copiados.',
    copyFailed: 'Não foi possível copiar. Selecione o texto em “Detalhes do erro” e copie manualmente.',
    details: 'Detalhes do erro',
  },
  ru: {
    title: 'Что-то пошло не так',
    intro:
      'Лаборатория остановилась, пока рисовала эту страницу. Ничего не потеряно и никуда не отправлено: всё работает в вашем браузере.',
    whatFailed: 'Что сломалось',
    howToRecover:
      'Перезагрузите страницу, чтобы попробовать снова. Если ошибка повторится, сбросьте сценарий: он откроется с начала, без остальных параметров ссылки. Чтобы сообщить об ошибке, скопируйте подробности.',
    reload: 'Перезагрузить',
    reset: 'Сбросить этот сценарий',
    copy: 'Скопировать подробности',
    copied: 'Подробности ошибки скопированы.',
    copyFailed: 'Не удалось скопировать. Выделите текст в «Подробности ошибки» и скопируйте вручную.',
    details: 'Подробности ошибки',
  },
};
