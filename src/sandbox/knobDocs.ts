/**
 * Translations of the knob docs. The English doc stays in each param spec (src/sim: the source, and
 * what the CLI and the URL errors use); keys are `<scope>.<name>`, scope `net` for the network knobs
 * or the algorithm id (two algorithms may give one name different meanings). Sources are citations
 * and stay as written.
 */
export const knobDocsPt: Record<string, string> = {
  'net.latencyMinMs': 'latência mínima de ida',
  'net.latencyMaxMs': 'latência máxima de ida (a diferença é o jitter)',
  'net.dropRate': 'probabilidade de uma mensagem se perder',
  'net.latencyP99Ms':
    'percentil 99 da latência de ida, uma cauda além de latencyMaxMs (0: sem cauda): uma mensagem em cada cem demora mais do que isto',
  'bully.heartbeatIntervalMs': 'o coordenador envia HEARTBEAT a todos os outros nós com esta frequência',
  'bully.heartbeatTimeoutMs':
    'um nó que passa este tempo sem ouvir HEARTBEAT suspeita do coordenador e começa uma eleição',
  'bully.detectionStaggerMs':
    'o node-k espera (k-1) vezes isto a mais antes de suspeitar do coordenador, então o menor id percebe primeiro (o pior caso); 0 = todos ao mesmo tempo',
  'bully.answerTimeoutMs':
    'quanto tempo uma eleição espera um OK de um nó mais alto antes de se declarar COORDINATOR',
  'bully.coordinatorTimeoutMs':
    'depois de um OK, quanto tempo um nó espera o COORDINATOR antes de recomeçar a sua eleição',
  'heartbeat.quorum':
    'desligado: um candidato precisa da maioria dos nós que responderam (split-brain numa partição); ligado: da maioria do cluster inteiro, floor(n/2)+1 (Raft)',
  'heartbeat.heartbeatIntervalMs': 'o líder envia HEARTBEAT a cada par com esta frequência',
  'heartbeat.electionTimeoutMinMs':
    'menor timeout de eleição sorteado: este tempo sem HEARTBEAT torna um seguidor candidato',
  'heartbeat.electionTimeoutMaxMs':
    'maior timeout de eleição sorteado (a diferença evita que candidatos colidam)',
  'heartbeat.voteTimeoutMs':
    'sem quórum, o candidato conta como "o cluster" os nós que responderam dentro deste tempo',
  'heartbeat.writeIntervalMs':
    'um líder aceita uma escrita de cliente na sua cópia dos dados com esta frequência',
  'lease.ttlS':
    'TTL da reserva com validade pedida pelos candidatos; o etcd sobe para 2 s qualquer valor menor, e os nós usam o TTL concedido',
  'lease.renewS': 'intervalo de keepalive da reserva com validade de cada candidato',
  'lease.retryMs':
    'com que frequência um seguidor tenta a campanha de novo (cada nó na sua fatia do período)',
  'lease.requestTimeoutMs':
    'quanto tempo um nó espera a resposta do etcd antes de desistir do pedido (uma resposta atrasada ainda conta)',
  'lease.driftMarginRatio':
    'fração do TTL de que o nó abre mão antes, para que um relógio até esta fração mais lento ainda deixe a liderança antes de o store expirar a reserva',
  'lease.checkLeaseBeforeAct':
    'o líder verifica o prazo da reserva antes de cada escrita e deixa a liderança quando ele passa; desligado = acredita que lidera até o store responder TTL 0',
  'lease.tokenFromRevision':
    'usa a create_revision da chave do líder como fencing token (salta 2 ou mais a cada troca) em vez de um contador incrementado na txn da campanha (+1)',
  'lease.tokenStart': 'valor inicial do contador de tokens no store (o primeiro líder recebe tokenStart + 1)',
  'lease.fencing': 'o armazenamento rejeita escritas com token menor que um já aceito (409 STALE TOKEN)',
  'lease.writeIntervalMs':
    'o job do líder roda a cada múltiplo disto no relógio local e escreve no armazenamento',
  'lease.workMs': 'tempo entre verificar a reserva e a escrita sair (preparar a escrita do job)',
  'patroni.ttlS':
    'TTL da trava do líder (a reserva com validade do agente): quanto tempo um primário morto mantém a chave',
  'patroni.loopWaitS':
    'período do loop de HA: cada agente renova a reserva e lê o cluster com esta frequência',
  'patroni.retryTimeoutS':
    'quanto tempo um loop de HA tenta o etcd antes de desistir; um líder que desiste rebaixa a si mesmo',
  'patroni.maximumLagOnFailover':
    'bytes de WAL que uma réplica pode estar atrás da última posição conhecida do primário e ainda disputar a trava',
  'patroni.promoteMs': 'tempo que o pg_ctl promote leva até o novo primário aceitar escritas',
  'patroni.walBytesPerWrite':
    'bytes de WAL que cada escrita de cliente aceita soma ao LSN do primário (uma página de 8 KiB)',
  'patroni.haproxyInterMs':
    'intervalo do health check do HAProxy por backend (a resposta tem de chegar antes do próximo check)',
  'patroni.haproxyFall':
    'checks falhos seguidos (503 ou sem resposta) antes de o HAProxy marcar um backend como fora',
  'patroni.haproxyRise': 'checks bons seguidos (200) antes de o HAProxy marcar um backend como no ar',
  'patroni.clientWriteIntervalMs': 'a aplicação envia um INSERT pelo HAProxy com esta frequência',
};

export const knobDocsRu: Record<string, string> = {
  'net.latencyMinMs': 'минимальная задержка в одну сторону',
  'net.latencyMaxMs': 'максимальная задержка в одну сторону (разброс — это jitter)',
  'net.dropRate': 'вероятность потери сообщения',
  'net.latencyP99Ms':
    '99-й перцентиль задержки в одну сторону, хвост за пределами latencyMaxMs (0 — без хвоста): одно сообщение из ста идёт дольше',
  'bully.heartbeatIntervalMs': 'как часто координатор шлёт HEARTBEAT всем остальным узлам',
  'bully.heartbeatTimeoutMs':
    'узел, не слышавший HEARTBEAT так долго, подозревает координатора и начинает выборы',
  'bully.detectionStaggerMs':
    'node-k ждёт на (k-1) таких интервалов дольше, прежде чем заподозрить координатора, так что первым замечает наименьший id (худший случай); 0 = все сразу',
  'bully.answerTimeoutMs':
    'сколько выборы ждут OK от старшего узла, прежде чем узел объявит себя COORDINATOR',
  'bully.coordinatorTimeoutMs': 'после OK — сколько узел ждёт COORDINATOR, прежде чем начать выборы заново',
  'heartbeat.quorum':
    'выкл.: кандидату нужно большинство ответивших узлов (split-brain при разделении сети); вкл.: большинство всего кластера, floor(n/2)+1 (Raft)',
  'heartbeat.heartbeatIntervalMs': 'как часто лидер шлёт HEARTBEAT каждому узлу',
  'heartbeat.electionTimeoutMinMs':
    'наименьший случайный таймаут выборов: столько без HEARTBEAT — и ведомый становится кандидатом',
  'heartbeat.electionTimeoutMaxMs':
    'наибольший случайный таймаут выборов (разброс не даёт кандидатам сталкиваться)',
  'heartbeat.voteTimeoutMs': 'без кворума кандидат считает «кластером» узлы, ответившие за это время',
  'heartbeat.writeIntervalMs': 'как часто лидер принимает клиентскую запись в свою копию данных',
  'lease.ttlS':
    'TTL lease, который запрашивают кандидаты; etcd поднимает всё меньше 2 с до 2 с, и узлы используют выданный TTL',
  'lease.renewS': 'интервал keepalive для lease каждого кандидата',
  'lease.retryMs': 'как часто ведомый повторяет кампанию (каждый узел в своём слоте периода)',
  'lease.requestTimeoutMs':
    'сколько узел ждёт ответа etcd, прежде чем отказаться от запроса (опоздавший ответ всё равно учитывается)',
  'lease.driftMarginRatio':
    'доля TTL, от которой узел отказывается заранее, чтобы даже с часами, отстающими на эту долю, он сложил лидерство раньше, чем lease истечёт в store',
  'lease.checkLeaseBeforeAct':
    'лидер проверяет срок lease перед каждой записью и слагает лидерство, когда срок прошёл; выкл. = считать себя лидером, пока store не ответит TTL 0',
  'lease.tokenFromRevision':
    'брать create_revision ключа лидера как fencing token (растёт на 2 и больше при смене) вместо счётчика, увеличиваемого в txn кампании (+1)',
  'lease.tokenStart': 'начальное значение счётчика token-ов в store (первый лидер получает tokenStart + 1)',
  'lease.fencing': 'хранилище отвергает записи с token-ом меньше уже принятого (409 STALE TOKEN)',
  'lease.writeIntervalMs':
    'задача лидера запускается на каждом кратном этого по его локальным часам и пишет в хранилище',
  'lease.workMs': 'время между проверкой lease и отправкой записи (подготовка записи задачи)',
  'patroni.ttlS': 'TTL блокировки лидера (lease агента): сколько мёртвый primary держит ключ',
  'patroni.loopWaitS': 'период HA-цикла: так часто каждый агент продлевает lease и читает состояние кластера',
  'patroni.retryTimeoutS':
    'сколько HA-цикл повторяет запросы к etcd, прежде чем сдаться; сдавшийся лидер понижает себя сам',
  'patroni.maximumLagOnFailover':
    'на сколько байт WAL реплика может отставать от последней известной позиции primary и всё ещё бороться за блокировку',
  'patroni.promoteMs': 'сколько длится pg_ctl promote, прежде чем новый primary начнёт принимать записи',
  'patroni.walBytesPerWrite':
    'сколько байт WAL каждая принятая клиентская запись добавляет к LSN primary (одна страница 8 КиБ)',
  'patroni.haproxyInterMs':
    'интервал health-check HAProxy для каждого backend (ответ должен прийти до следующей проверки)',
  'patroni.haproxyFall':
    'сколько неудачных проверок подряд (503 или нет ответа), прежде чем HAProxy пометит backend недоступным',
  'patroni.haproxyRise':
    'сколько успешных проверок подряд (200), прежде чем HAProxy пометит backend доступным',
  'patroni.clientWriteIntervalMs': 'как часто приложение отправляет один INSERT через HAProxy',
};

/**
 * Translations of the cross-knob rules' messages (what the knobs panel shows when a change is
 * refused). Keys are `<scope>.<rule id>` like the knob docs; the English message stays in the rule
 * (src/sim: what the CLI prints) and the cited source stays as written.
 */
export const ruleDocsPt: Record<string, string> = {
  'net.latency-range': 'latencyMaxMs precisa ser >= latencyMinMs',
  'net.tail-over-max': 'latencyP99Ms precisa ser 0 (sem cauda) ou >= latencyMaxMs',
  'bully.answer-round-trip': 'answerTimeoutMs precisa passar de 2 x latencyMaxMs (um OK é ida e volta)',
  'bully.coordinator-after-answer':
    'coordinatorTimeoutMs precisa passar de answerTimeoutMs + 2 x latencyMaxMs (o vencedor também espera o seu próprio timeout de resposta)',
  'bully.heartbeat-timeout':
    'heartbeatTimeoutMs precisa passar de heartbeatIntervalMs + latencyMaxMs (senão um coordenador vivo vira suspeito)',
  'heartbeat.timeout-range': 'electionTimeoutMaxMs precisa ser >= electionTimeoutMinMs',
  'heartbeat.timeout-over-heartbeat':
    'electionTimeoutMinMs precisa passar de heartbeatIntervalMs + latencyMaxMs (senão os seguidores derrubam um líder vivo)',
  'heartbeat.quorum-lease':
    'com o quórum ligado, electionTimeoutMinMs precisa passar de 2 x heartbeatIntervalMs + 2 x latencyMaxMs (senão um líder saudável perde o lease)',
  'heartbeat.vote-round-trip': 'voteTimeoutMs precisa passar de 2 x latencyMaxMs (um voto é ida e volta)',
  'heartbeat.vote-before-candidacy':
    'voteTimeoutMs precisa ficar abaixo de electionTimeoutMinMs (os votos são contados antes da próxima candidatura)',
  'lease.renew-under-ttl': 'o intervalo de renovação precisa ser menor que o TTL (renewS < ttlS)',
  'lease.renew-under-trusted-ttl':
    'o intervalo de renovação precisa ser menor que a parte do TTL em que o líder confia (renewS < ttlS × (1 − driftMarginRatio)), senão o líder renuncia entre dois keepalives',
  'patroni.loop-retry-ttl':
    'loop_wait + 2 x retry_timeout precisa ser <= ttl (loopWaitS + 2 x retryTimeoutS <= ttlS)',
};

export const ruleDocsRu: Record<string, string> = {
  'net.latency-range': 'latencyMaxMs должен быть >= latencyMinMs',
  'net.tail-over-max': 'latencyP99Ms должен быть 0 (без хвоста) или >= latencyMaxMs',
  'bully.answer-round-trip':
    'answerTimeoutMs должен быть больше 2 x latencyMaxMs (OK — это путь туда и обратно)',
  'bully.coordinator-after-answer':
    'coordinatorTimeoutMs должен быть больше answerTimeoutMs + 2 x latencyMaxMs (победитель тоже ждёт свой таймаут ответа)',
  'bully.heartbeat-timeout':
    'heartbeatTimeoutMs должен быть больше heartbeatIntervalMs + latencyMaxMs (иначе живой координатор попадает под подозрение)',
  'heartbeat.timeout-range': 'electionTimeoutMaxMs должен быть >= electionTimeoutMinMs',
  'heartbeat.timeout-over-heartbeat':
    'electionTimeoutMinMs должен быть больше heartbeatIntervalMs + latencyMaxMs (иначе ведомые свергают живого лидера)',
  'heartbeat.quorum-lease':
    'с включённым кворумом electionTimeoutMinMs должен быть больше 2 x heartbeatIntervalMs + 2 x latencyMaxMs (иначе здоровый лидер теряет lease)',
  'heartbeat.vote-round-trip':
    'voteTimeoutMs должен быть больше 2 x latencyMaxMs (голос — это путь туда и обратно)',
  'heartbeat.vote-before-candidacy':
    'voteTimeoutMs должен быть меньше electionTimeoutMinMs (голоса считаются до следующей кандидатуры)',
  'lease.renew-under-ttl': 'интервал продления должен быть короче TTL (renewS < ttlS)',
  'lease.renew-under-trusted-ttl':
    'интервал продления должен быть короче той части TTL, которой доверяет лидер (renewS < ttlS × (1 − driftMarginRatio)), иначе лидер сложит полномочия между двумя keepalive',
  'patroni.loop-retry-ttl':
    'loop_wait + 2 x retry_timeout должно быть <= ttl (loopWaitS + 2 x retryTimeoutS <= ttlS)',
};
