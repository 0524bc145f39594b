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
  // patroni client connect timeout
  'patroni.clientConnectTimeoutMs':
    'quanto tempo a aplicação espera uma nova conexão ficar utilizável antes de a escrita falhar',
  // heartbeat-no-confirm
  'lease.confirmRenew':
    'só um keepalive respondido pelo store adia o prazo do líder, então um líder cujos keepalives ficam sem resposta renuncia no seu prazo de renovação; desligado = dispara e esquece: todo keepalive enviado conta como renovado',
  'lease.ownCopy':
    'o líder é um primário que guarda os dados ele mesmo: a sua tarefa escreve na sua própria cópia (verificação e escrita em um só passo) em vez de mandar a escrita ao armazenamento compartilhado, e nada barra um líder desatualizado',
  // gossip-leader
  'gossip.gossipIntervalMs':
    'cada nó envia a sua visão do líder a `fanout` pares sorteados com esta frequência (uma rodada de gossip)',
  'gossip.fanout': 'para quantos pares sorteados cada nó envia a sua visão a cada rodada',
  'gossip.suspectTimeoutMs':
    'um nó que vê o contador de heartbeat do líder parado por este tempo suspeita dele e reivindica a liderança da próxima época',
  'gossip.writeIntervalMs':
    'um nó que acredita liderar aceita uma escrita de cliente na sua própria cópia dos dados com esta frequência (um banco de dados primário)',
  'gossip.takesWrites':
    'ligado: o líder é um banco de dados primário que recebe escritas de clientes na sua própria cópia; desligado: service discovery, o líder só é anunciado (dois líderes por uma rodada custam uma consulta repetida, não dados divergentes)',
  // kubernetes
  'kubernetes.leaseDurationS':
    'quanto um standby espera, no próprio relógio, depois de ver o Lease mudar pela última vez, antes de poder tomá-lo',
  'kubernetes.renewDeadlineS':
    'por quanto tempo o líder insiste numa renovação que falha antes de deixar de liderar',
  'kubernetes.retryPeriodS':
    'de quanto em quanto tempo o líder renova, e a base da espera com jitter de um standby entre duas tentativas (× 1 a 2,2)',
  'kubernetes.fencing':
    'o storage usa leaseTransitions como fencing token e recusa um menor (409 STALE TOKEN); desligado = o que o client-go garante sozinho',
  'kubernetes.writeIntervalMs':
    'os controllers do líder escrevem no storage a cada múltiplo deste intervalo no relógio local',
  // zookeeper
  'zookeeper.sessionTimeoutMs':
    'por quanto tempo o ZooKeeper mantém a sessão de um cliente calado (e o znode efêmero dele) antes de expirá-la',
  'zookeeper.herd':
    'todo candidato observa o znode do líder em vez do antecessor: uma única remoção acorda todos (o efeito manada)',
  'zookeeper.fencing':
    'o storage usa o número de sequência do znode do líder como fencing token e recusa um menor (409 STALE TOKEN)',
  'zookeeper.writeIntervalMs': 'o líder escreve no storage a cada múltiplo deste intervalo no relógio local',
  // dbjob
  'dbjob.election':
    'desligado: nenhuma eleição, toda instância roda o job na sua hora (N instâncias, N execuções); ligado: só a instância que ocupa a linha de líder o roda',
  'dbjob.casToken':
    'disputa com UPDATE ... SET token=token+1 WHERE token=$current (de duas disputas simultâneas, uma só altera a linha) e protege o UPDATE do job com o token; desligado: UPDATE leader SET node=$me WHERE TRUE (as duas alteram)',
  'dbjob.leaseTtlS':
    'quanto tempo a linha de líder vale sem renovação (expires_at = now() + TTL); 0 = uma flag que nunca expira',
  'dbjob.renewS':
    'o líder renova a sua linha com esta frequência (e renuncia quando nenhuma renovação foi confirmada por TTL − renovação)',
  'dbjob.retryMs':
    'um seguidor lê a linha de líder com esta frequência (e a disputa quando está livre ou expirada)',
  'dbjob.requestTimeoutMs': 'quanto tempo uma instância espera o banco responder uma instrução',
  'dbjob.jobAtMs':
    'quando o job roda pela primeira vez depois do início, no relógio de cada instância (as histórias começam às 2h59min50s: 10 s = 3h)',
  'dbjob.jobEveryMs':
    'o job roda de novo este tempo depois de cada execução (um dia; a história da flag encurta isso para a ausência aparecer)',
  'dbjob.jobAlarmMs': 'o alarme “o job não roda há este tempo” (job-not-running) dispara depois deste limite',
  // sharded
  'sharded.shards':
    'em quantos shards o trabalho se divide, cada um com o seu próprio líder; 1 = um único líder para o cluster inteiro',
  'sharded.ttlS': 'TTL do lease de sessão de cada nó; as chaves dos shards dele vivem enquanto durar o lease',
  'sharded.renewS': 'intervalo de keepalive do lease de sessão de cada nó',
  'sharded.retryMs':
    'de quanto em quanto tempo um nó lê as chaves dos shards e disputa os shards livres (cada nó na sua faixa do período)',
  'sharded.requestTimeoutMs': 'quanto tempo um nó espera a resposta do etcd antes de desistir de um pedido',
  'sharded.driftMarginRatio':
    'fração do TTL de que um nó abre mão antes, para que um relógio até esse tanto mais lento ainda renuncie antes de o store expirar o lease',
  'sharded.fencing':
    'o storage guarda o maior token de cada shard e recusa um menor para aquele shard (409 STALE TOKEN)',
  'sharded.writeIntervalMs':
    'cada nó escreve em cada shard que lidera a cada múltiplo deste intervalo no relógio local',
  'sharded.workMs': 'tempo entre conferir o lease e as escritas saírem',
  // cronjob
  'cronjob.jobAtMs':
    'o primeiro horário agendado depois do início (as histórias começam às 2h59min50s: 10 s = 3h)',
  'cronjob.scheduleEveryS':
    'o intervalo entre dois horários (86 400 s: "0 3 * * *", uma vez por dia); no mínimo um minuto, porque cada Job leva no nome o minuto do seu horário',
  'cronjob.startingDeadlineSeconds':
    'até quanto atraso um horário ainda pode iniciar o seu Job; um horário mais antigo do que isso quando o controller olha é pulado e conta como perdido. 0: não definido (o null do Kubernetes: sem prazo)',
  'cronjob.concurrencyPolicy':
    'o que um horário faz enquanto um Job ainda roda: 0 Allow (inicia outro ao lado, o padrão da API), 1 Forbid (pula este horário), 2 Replace (apaga o Job em andamento e inicia o novo)',
  'cronjob.jobDurationS': 'quanto tempo o pod do job trabalha até terminar com sucesso',
  'cronjob.podStartMs': 'da criação do Job até o pod dele rodar (agendamento, imagem, início do contêiner)',
  'cronjob.requestTimeoutMs':
    'quanto tempo o controller espera a resposta do API server antes de desistir do pedido',
  'cronjob.retryMs':
    'depois de um pedido sem resposta, o controller sincroniza o CronJob de novo após este tempo',
  // skiplocked
  'skiplocked.jobs':
    'linhas da tabela jobs no início, todas pendentes (uma fatura para gerar e mandar por e-mail cada)',
  'skiplocked.workMs':
    'quanto dura um job: metade antes do e-mail (gerar a fatura), metade depois (guardar o PDF), e então o COMMIT',
  'skiplocked.pollMs':
    'um worker que não achou linha pendente (ou perdeu a sessão) tenta de novo depois deste tempo',
  'skiplocked.requestTimeoutMs':
    'quanto tempo um worker espera a resposta do banco (ou do provedor de e-mail) antes de desistir da sessão',
  'skiplocked.forUpdate':
    'pega o job com SELECT … FOR UPDATE SKIP LOCKED (a linha fica travada até o COMMIT); desligado: um SELECT simples que não trava nada, e todo worker pega a mesma linha pendente',
  'skiplocked.outbox':
    'o job grava o e-mail como uma linha do outbox na própria transação e um relay envia as linhas commitadas; desligado: o próprio job chama o provedor de e-mail, antes do COMMIT',
  'skiplocked.keepaliveIdleS':
    'tcp_keepalives_idle: silêncio numa conexão antes de o servidor mandar a primeira sonda de keepalive',
  'skiplocked.keepaliveIntervalS': 'tcp_keepalives_interval: o intervalo entre sondas sem resposta',
  'skiplocked.keepaliveCount':
    'tcp_keepalives_count: sondas sem resposta até o servidor derrubar a conexão e desfazer a transação dela',
  'skiplocked.idleInTxTimeoutS':
    'idle_in_transaction_session_timeout: uma sessão parada dentro de uma transação aberta por este tempo é encerrada (0: desligado)',
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
  // patroni client connect timeout
  'patroni.clientConnectTimeoutMs':
    'сколько приложение ждёт, пока новое соединение станет пригодным, прежде чем запись считается неудавшейся',
  // heartbeat-no-confirm
  'lease.confirmRenew':
    'срок лидера сдвигает только keepalive, на который ответил store, поэтому лидер, чьи keepalive остаются без ответа, слагает полномочия в свой срок продления; выкл. = «отправил и забыл»: каждый отправленный keepalive считается продлением',
  'lease.ownCopy':
    'лидер — primary, который сам хранит данные: его задача пишет в собственную копию (проверка и запись за один шаг), а не в общее хранилище, так что устаревшего лидера ничто не остановит',
  // gossip-leader
  'gossip.gossipIntervalMs':
    'так часто каждый узел отправляет своё представление о лидере `fanout` случайным соседям (один раунд gossip)',
  'gossip.fanout': 'скольким случайным соседям каждый узел отправляет своё представление за раунд',
  'gossip.suspectTimeoutMs':
    'узел, который столько времени не видит роста счётчика heartbeat лидера, подозревает его и объявляет себя лидером следующей эпохи',
  'gossip.writeIntervalMs':
    'узел, который считает себя лидером, так часто принимает клиентскую запись в собственную копию данных (primary базы данных)',
  'gossip.takesWrites':
    'вкл.: лидер — primary базы данных, принимающий клиентские writes в свою копию; выкл.: service discovery, лидер только объявляется (два лидера в течение раунда стоят повторного запроса, а не разошедшихся данных)',
  // kubernetes
  'kubernetes.leaseDurationS':
    'сколько резервный экземпляр ждёт по своим часам с момента, когда последний раз видел изменение Lease, прежде чем забрать его',
  'kubernetes.renewDeadlineS':
    'сколько лидер повторяет неудачное продление, прежде чем перестать быть лидером',
  'kubernetes.retryPeriodS':
    'как часто лидер продлевает Lease; это же основа паузы с jitter у резервного экземпляра между попытками (× от 1 до 2,2)',
  'kubernetes.fencing':
    'хранилище принимает leaseTransitions как fencing token и отклоняет меньший (409 STALE TOKEN); выключено — только то, что даёт сам client-go',
  'kubernetes.writeIntervalMs':
    'контроллеры лидера пишут в хранилище на каждом кратном этого интервала по локальным часам',
  // zookeeper
  'zookeeper.sessionTimeoutMs':
    'сколько ZooKeeper держит сессию молчащего клиента (и его эфемерный znode), прежде чем её истечь',
  'zookeeper.herd':
    'каждый кандидат следит за znode лидера, а не своего предшественника: одно удаление будит всех (эффект стада)',
  'zookeeper.fencing':
    'хранилище принимает порядковый номер znode лидера как fencing token и отклоняет меньший (409 STALE TOKEN)',
  'zookeeper.writeIntervalMs': 'лидер пишет в хранилище на каждом кратном этого интервала по локальным часам',
  // dbjob
  'dbjob.election':
    'выключено: выборов нет, каждый инстанс запускает job в своё время (N инстансов, N запусков); включено: job запускает только инстанс, держащий строку leader',
  'dbjob.casToken':
    'захват через UPDATE ... SET token=token+1 WHERE token=$current (из двух одновременных захватов строку меняет один) и UPDATE job-а под защитой token-а; выключено: UPDATE leader SET node=$me WHERE TRUE (меняют оба)',
  'dbjob.leaseTtlS':
    'сколько строка leader действительна без продления (expires_at = now() + TTL); 0 = флаг, который никогда не истекает',
  'dbjob.renewS':
    'как часто leader продлевает свою строку (и слагает роль, если продление не подтверждалось TTL − интервал продления)',
  'dbjob.retryMs': 'как часто ведомый читает строку leader (и захватывает её, если она свободна или истекла)',
  'dbjob.requestTimeoutMs': 'сколько инстанс ждёт ответа базы на запрос',
  'dbjob.jobAtMs':
    'когда job запускается впервые после старта, по часам каждого инстанса (истории начинаются в 02:59:50: 10 с = 3:00)',
  'dbjob.jobEveryMs':
    'через сколько после каждого запуска job запускается снова (сутки; история с флагом сокращает это, чтобы отсутствие было видно)',
  'dbjob.jobAlarmMs': 'alert «job не запускался так долго» (job-not-running) срабатывает после этой границы',
  // sharded
  'sharded.shards': 'на сколько шардов делится работа, у каждого свой лидер; 1 — один лидер на весь кластер',
  'sharded.ttlS': 'TTL lease сессии каждого узла; ключи его шардов живут, пока жив lease',
  'sharded.renewS': 'интервал keepalive для lease сессии каждого узла',
  'sharded.retryMs':
    'как часто узел читает ключи шардов и пытается захватить свободные (каждый узел в своём слоте периода)',
  'sharded.requestTimeoutMs': 'сколько узел ждёт ответа etcd, прежде чем отказаться от запроса',
  'sharded.driftMarginRatio':
    'доля TTL, от которой узел отказывается заранее, чтобы даже часы, отстающие на столько, сложили полномочия до того, как хранилище истечёт lease',
  'sharded.fencing':
    'хранилище помнит наибольший token каждого шарда и отклоняет меньший для этого шарда (409 STALE TOKEN)',
  'sharded.writeIntervalMs':
    'каждый узел пишет в каждый свой шард на каждом кратном этого интервала по локальным часам',
  'sharded.workMs': 'время между проверкой lease и отправкой записей',
  // cronjob
  'cronjob.jobAtMs': 'первый слот расписания после старта (истории начинаются в 02:59:50: 10 с = 3:00)',
  'cronjob.scheduleEveryS':
    'интервал между двумя слотами (86 400 с: "0 3 * * *", раз в сутки); не меньше минуты, потому что имя Job-а содержит минуту его слота',
  'cronjob.startingDeadlineSeconds':
    'насколько поздно слот ещё может запустить свой Job; слот старше этого к моменту, когда контроллер на него смотрит, пропускается и считается пропущенным. 0: не задано (null в Kubernetes: срока нет)',
  'cronjob.concurrencyPolicy':
    'что делает слот, пока предыдущий Job ещё работает: 0 Allow (запустить ещё один рядом, значение API по умолчанию), 1 Forbid (пропустить этот слот), 2 Replace (удалить работающий Job и запустить новый)',
  'cronjob.jobDurationS': 'сколько работает pod job-а до успешного завершения',
  'cronjob.podStartMs': 'от создания Job-а до запуска его pod-а (планирование, образ, старт контейнера)',
  'cronjob.requestTimeoutMs': 'сколько контроллер ждёт ответа API server, прежде чем отказаться от запроса',
  'cronjob.retryMs': 'после запроса без ответа контроллер снова синхронизирует CronJob через это время',
  // skiplocked
  'skiplocked.jobs':
    'строк в таблице jobs в начале, все ожидают (по каждой надо сформировать счёт и отправить письмо)',
  'skiplocked.workMs':
    'сколько длится один job: половина до письма (сформировать счёт), половина после (сохранить PDF), затем COMMIT',
  'skiplocked.pollMs':
    'worker, не нашедший ожидающей строки (или потерявший сессию), пробует снова через это время',
  'skiplocked.requestTimeoutMs':
    'сколько worker ждёт ответа базы (или почтового провайдера), прежде чем отказаться от сессии',
  'skiplocked.forUpdate':
    'берёт job через SELECT … FOR UPDATE SKIP LOCKED (строка заблокирована до COMMIT); выключено: обычный SELECT без блокировки, и все worker-ы берут одну и ту же ожидающую строку',
  'skiplocked.outbox':
    'job записывает письмо строкой outbox в своей же транзакции, а relay отправляет зафиксированные строки; выключено: job сам вызывает почтового провайдера до COMMIT',
  'skiplocked.keepaliveIdleS':
    'tcp_keepalives_idle: сколько соединение молчит, прежде чем сервер отправит первый keepalive-пакет',
  'skiplocked.keepaliveIntervalS': 'tcp_keepalives_interval: интервал между keepalive-пакетами без ответа',
  'skiplocked.keepaliveCount':
    'tcp_keepalives_count: сколько keepalive-пакетов без ответа, прежде чем сервер разорвёт соединение и откатит его транзакцию',
  'skiplocked.idleInTxTimeoutS':
    'idle_in_transaction_session_timeout: сессия, простаивающая столько внутри открытой транзакции, завершается (0 — выключено)',
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
  // gossip-leader
  'gossip.suspect-over-rounds':
    'suspectTimeoutMs precisa passar de 2 x gossipIntervalMs + latencyMaxMs (senão um líder vivo vira suspeito entre duas rodadas)',
  // kubernetes
  'kubernetes.lease-duration-over-renew-deadline':
    'leaseDuration precisa ser maior que renewDeadline (leaseDurationS > renewDeadlineS)',
  'kubernetes.renew-deadline-over-jittered-retry':
    'renewDeadline precisa ser maior que retryPeriod × JitterFactor (renewDeadlineS > 1,2 × retryPeriodS)',
  // dbjob
  'dbjob.renew-under-half-ttl':
    'com lease, renewS precisa ficar abaixo da metade de leaseTtlS (o líder renuncia quando nenhuma renovação foi confirmada por TTL − renovação)',
  'dbjob.alarm-over-period':
    'jobAlarmMs precisa passar de jobEveryMs e de jobAtMs (senão o alarme dispara entre duas execuções saudáveis)',
  // sharded
  'sharded.renew-under-trusted-ttl':
    'o intervalo de renovação precisa ser menor que a parte do TTL em que um nó confia (renewS < ttlS × (1 − driftMarginRatio)), senão todo nó abre mão dos seus shards entre dois keepalives',
  // skiplocked
  'skiplocked.idle-timeout-over-work':
    'idle_in_transaction_session_timeout precisa ser 0 (desligado) ou maior que o trabalho de um job (idleInTxTimeoutS × 1000 > workMs): o job fica parado na transação enquanto trabalha, e seria encerrado toda vez',
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
  // gossip-leader
  'gossip.suspect-over-rounds':
    'suspectTimeoutMs должен быть больше 2 x gossipIntervalMs + latencyMaxMs (иначе живой лидер попадает под подозрение между двумя раундами)',
  // kubernetes
  'kubernetes.lease-duration-over-renew-deadline':
    'leaseDuration должен быть больше renewDeadline (leaseDurationS > renewDeadlineS)',
  'kubernetes.renew-deadline-over-jittered-retry':
    'renewDeadline должен быть больше retryPeriod × JitterFactor (renewDeadlineS > 1,2 × retryPeriodS)',
  // dbjob
  'dbjob.renew-under-half-ttl':
    'с lease renewS должен быть меньше половины leaseTtlS (leader слагает роль, если продление не подтверждалось TTL − интервал продления)',
  'dbjob.alarm-over-period':
    'jobAlarmMs должен быть больше jobEveryMs и jobAtMs (иначе alert срабатывает между двумя нормальными запусками)',
  // sharded
  'sharded.renew-under-trusted-ttl':
    'интервал продления должен быть короче той части TTL, которой доверяет узел (renewS < ttlS × (1 − driftMarginRatio)), иначе каждый узел будет отдавать свои шарды между двумя keepalive',
  // skiplocked
  'skiplocked.idle-timeout-over-work':
    'idle_in_transaction_session_timeout должен быть 0 (выключен) или больше работы одного job-а (idleInTxTimeoutS × 1000 > workMs): пока job работает, он простаивает в транзакции и завершался бы каждый раз',
};
