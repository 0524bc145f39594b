/**
 * Translations of the knob docs. The English doc stays in each param spec (src/sim: the source, and
 * what the CLI and the URL errors use); keys are `<scope>.<name>`, scope `net` for the network knobs
 * or the algorithm id (two algorithms may give one name different meanings). Sources are citations
 * and stay as written.
 */
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
  'bully.holdOnEveryElection':
    'вкл.: любой ELECTION от младшего узла заставляет узел провести выборы, если он их уже не ведёт, и координатора тоже (краткое правило из учебников); после перезапуска запоздавшие ELECTION начинают выборы, которые объявления завершают и которые начинаются снова: шторм. Выкл.: на ELECTION выборов, в которых узел уже участвовал, он отвечает только OK, а координатор сообщает о себе только спросившему',
  'heartbeat.quorum':
    'выкл.: кандидату нужно большинство ответивших узлов (split-brain при разделении сети); вкл.: большинство всего кластера, floor(n/2)+1 (Raft)',
  'heartbeat.heartbeatIntervalMs': 'как часто лидер шлёт HEARTBEAT каждому узлу',
  'heartbeat.electionTimeoutMinMs':
    'наименьший случайный election timeout: столько без HEARTBEAT — и ведомый становится кандидатом',
  'heartbeat.electionTimeoutMaxMs':
    'наибольший случайный election timeout (разброс не даёт кандидатам сталкиваться)',
  'heartbeat.voteTimeoutMs': 'без кворума кандидат считает «кластером» узлы, ответившие за это время',
  'heartbeat.writeIntervalMs': 'как часто лидер принимает клиентскую запись в свою копию данных',
  'lease.ttlS':
    'TTL lease, который запрашивают кандидаты; etcd поднимает всё меньше 2 с до 2 с, и узлы используют выданный TTL',
  'lease.renewS': 'интервал keepalive для lease каждого кандидата',
  'lease.retryMs': 'как часто ведомый повторяет кампанию (каждый узел в своём слоте периода)',
  'lease.requestTimeoutMs':
    'сколько узел ждёт ответа etcd, прежде чем отказаться от запроса (опоздавший ответ всё равно учитывается)',
  'lease.driftMarginRatio':
    'доля TTL, которую узел заранее отбрасывает: даже если его часы отстают на эту долю, он сложит полномочия раньше, чем lease истечёт в store',
  'lease.checkLeaseBeforeAct':
    'лидер проверяет срок lease перед каждой записью и слагает полномочия, когда срок прошёл; выкл. = считать себя лидером, пока store не ответит TTL 0',
  'lease.tokenFromRevision':
    'брать create_revision ключа лидера как fencing token (растёт на 2 и больше при смене) вместо счётчика, увеличиваемого в txn кампании (+1)',
  'lease.tokenStart': 'начальное значение счётчика token-ов в store (первый лидер получает tokenStart + 1)',
  'lease.fencing': 'хранилище отвергает записи с token-ом меньше уже принятого (409 STALE TOKEN)',
  'lease.writeIntervalMs':
    'период задачи лидера: она запускается, когда локальные часы лидера показывают кратное этому интервалу время, и пишет в хранилище',
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
    'интервал health-check HAProxy для каждого backend: следующая проверка начинается через это время после окончания предыдущей',
  'patroni.haproxyFall':
    'сколько неудачных проверок подряд (503 или нет ответа), прежде чем HAProxy пометит backend недоступным',
  'patroni.haproxyRise':
    'сколько успешных проверок подряд (200), прежде чем HAProxy пометит backend доступным',
  'patroni.clientWriteIntervalMs': 'как часто приложение отправляет один INSERT через HAProxy',
  'patroni.watchdog':
    'вкл.: каждый агент, пока он лидер, взводит watchdog и поддерживает его при каждом обновлении ключа лидера; watchdog без сигнала в течение ttl - safety_margin (5 с) перезагружает хост, так что primary с остановленным агентом пропадает раньше, чем истечёт ключ; выкл.: как по умолчанию в Patroni (watchdog mode off)',
  'patroni.directWriteNode':
    'второе приложение пишет напрямую в порт Postgres на pg-N, в обход HAProxy, так же часто, как первое (0: нет такого приложения)',
  // patroni client connect timeout
  'patroni.clientConnectTimeoutMs':
    'сколько приложение ждёт, пока новое соединение станет пригодным, прежде чем запись считается неудавшейся',
  // heartbeat-no-confirm
  'lease.confirmRenew':
    'срок лидера сдвигает только keepalive, на который ответил store, поэтому лидер, чьи keepalive остаются без ответа, слагает полномочия в свой срок продления; выкл. = «отправил и забыл»: каждый отправленный keepalive считается продлением',
  'lease.ownCopy':
    'лидер — primary, который сам хранит данные: его задача пишет в собственную копию (проверка и запись за один шаг), а не в общее хранилище, так что устаревшего лидера ничто не остановит',
  // etcd-leader-change
  'lease.storeMembers':
    'сколько участников в кластере etcd: 1 — один сервер; 3 или 5 — группа Raft, которая выбирает лидера, фиксирует запись, только когда её принял кворум, и без лидера не отвечает',
  // gossip-leader
  'gossip.gossipIntervalMs':
    'так часто каждый узел отправляет своё представление о лидере `fanout` случайным соседям (один раунд gossip)',
  'gossip.fanout': 'скольким случайным соседям каждый узел отправляет своё представление за раунд',
  'gossip.suspectTimeoutMs':
    'узел, который столько времени не видит роста счётчика heartbeat лидера, подозревает его и объявляет себя лидером следующей эпохи',
  'gossip.writeIntervalMs':
    'узел, который считает себя лидером, так часто принимает клиентскую запись в собственную копию данных (primary базы данных)',
  'gossip.takesWrites':
    'вкл.: лидер — primary базы данных, принимающий клиентские записи в свою копию; выкл.: service discovery, лидер только объявляется (два лидера в течение раунда стоят повторного запроса, а не разошедшихся данных)',
  // kubernetes
  'kubernetes.leaseDurationS':
    'сколько резервный инстанс ждёт по своим часам с момента, когда последний раз видел изменение Lease, прежде чем забрать его',
  'kubernetes.renewDeadlineS': 'сколько лидер повторяет неудачное продление, прежде чем сложить полномочия',
  'kubernetes.retryPeriodS':
    'как часто лидер продлевает Lease; это же основа паузы с jitter у резервного инстанса между попытками (× от 1 до 2,2)',
  'kubernetes.fencing':
    'хранилище принимает leaseTransitions как fencing token и отвергает меньший (409 STALE TOKEN); выключено — только то, что даёт сам client-go',
  'kubernetes.writeIntervalMs':
    'период записи контроллеров лидера: они пишут в хранилище, когда локальные часы показывают кратное этому интервалу время',
  // zookeeper
  'zookeeper.sessionTimeoutMs':
    'сколько ZooKeeper держит сессию молчащего клиента (и его эфемерный znode), прежде чем объявить её истёкшей',
  'zookeeper.tcp':
    'сообщения сессии идут по TCP-соединению: разрыв короче таймаута чтения их только задерживает, и они приходят по порядку; выкл.: это датаграммы, и событие watch, потерянное во время разрыва, пропадает навсегда (так не работает ни один настоящий клиент: это отрицательный контроль)',
  'zookeeper.herd':
    'каждый кандидат следит за znode лидера, а не своего предшественника: одно удаление будит всех (эффект стада)',
  'zookeeper.fencing':
    'хранилище принимает порядковый номер znode лидера как fencing token и отвергает меньший (409 STALE TOKEN)',
  'zookeeper.writeIntervalMs':
    'период записи лидера: он пишет в хранилище, когда локальные часы показывают кратное этому интервалу время',
  // dbjob
  'dbjob.election':
    'выключено: выборов нет, каждый инстанс запускает job в своё время (N инстансов, N запусков); включено: job запускает только инстанс, держащий строку leader',
  'dbjob.casToken':
    'захват через UPDATE ... SET token=token+1 WHERE token=$current (из двух одновременных захватов строку меняет один) и UPDATE job-а под защитой token-а; выключено: UPDATE leader SET node=$me WHERE TRUE (меняют оба)',
  'dbjob.leaseTtlS':
    'сколько строка leader действительна без продления (expires_at = now() + TTL); 0 = флаг, который никогда не истекает',
  'dbjob.renewS':
    'как часто лидер продлевает свою строку (и слагает полномочия, если продление не подтверждалось дольше, чем TTL − интервал продления)',
  'dbjob.retryMs': 'как часто ведомый читает строку leader (и захватывает её, если она свободна или истекла)',
  'dbjob.requestTimeoutMs': 'сколько инстанс ждёт ответа базы на запрос',
  'dbjob.jobAtMs':
    'когда job запускается впервые после старта, по часам каждого инстанса (истории начинаются в 02:59:50: 10 с = 3:00)',
  'dbjob.jobEveryMs':
    'через сколько после каждого запуска job запускается снова (сутки; история с флагом сокращает это, чтобы отсутствие было видно)',
  'dbjob.jobAlarmMs':
    'тревога «job не запускался так долго» (job-not-running) срабатывает после этой границы',
  // sharded
  'sharded.shards': 'на сколько шардов делится работа, у каждого свой лидер; 1 — один лидер на весь кластер',
  'sharded.ttlS': 'TTL lease сессии каждого узла; ключи его шардов живут, пока жив lease',
  'sharded.renewS': 'интервал keepalive для lease сессии каждого узла',
  'sharded.retryMs':
    'как часто узел читает ключи шардов и пытается захватить свободные (каждый узел в своём слоте периода)',
  'sharded.requestTimeoutMs': 'сколько узел ждёт ответа etcd, прежде чем отказаться от запроса',
  'sharded.driftMarginRatio':
    'доля TTL, которую узел заранее отбрасывает: даже если его часы отстают на эту долю, он отдаст свои шарды раньше, чем lease истечёт в store',
  'sharded.fencing':
    'хранилище помнит наибольший token каждого шарда и отвергает меньший для этого шарда (409 STALE TOKEN)',
  'sharded.writeIntervalMs':
    'период записи: каждый узел пишет в каждый свой шард, когда локальные часы показывают кратное этому интервалу время',
  'sharded.workMs': 'время между проверкой lease и отправкой записей',
  // cronjob
  'cronjob.jobAtMs': 'первый слот расписания после старта (истории начинаются в 02:59:50: 10 с = 3:00)',
  'cronjob.scheduleEveryS':
    'интервал между двумя слотами (86 400 с: «0 3 * * *», раз в сутки); не меньше минуты, потому что имя Job-а содержит минуту его слота',
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
  // raft
  'raft.heartbeatIntervalMs':
    'как часто лидер шлёт APPEND_ENTRIES каждому ведомому (пустой, когда нового нет: это heartbeat)',
  'raft.electionTimeoutMinMs':
    'наименьший случайный election timeout: столько без APPEND_ENTRIES от лидера — и ведомый становится кандидатом',
  'raft.electionTimeoutMaxMs':
    'наибольший случайный election timeout (разброс не даёт кандидатам сталкиваться)',
  'raft.clientIntervalMs':
    'как часто клиент шлёт новую команду, когда на предыдущую уже ответили (0 — клиента нет)',
  'raft.clientRetryMs': 'команду, на которую столько не отвечали, клиент шлёт следующему серверу',
  'raft.clients':
    'сколько клиентов шлют команды; второй клиент перебирает серверы начиная с последнего и называет свои команды y1, y2, …',
  'raft.unsafeCommit':
    'включено (ловушка): лидер фиксирует любую запись, которая есть у большинства, даже из старого терма; выключено: подсчётом копий фиксируется только запись своего терма (правило рисунка 8)',
  'raft.electionRestriction':
    'включено: сервер голосует только за кандидата, чей лог не отстаёт от его собственного; выключено (контроль): за любого, и у лидера может не оказаться уже зафиксированных записей',
  'raft.oneVotePerTerm':
    'включено: сервер отдаёт не больше одного голоса за терм; выключено (контроль): ведомый голосует за каждого кандидата терма, и у терма может оказаться два лидера',
  'raft.preVote':
    'включено: сервер, у которого сработал таймер выборов, сначала спрашивает REQUEST_PRE_VOTE, проголосуют ли за него в следующем терме, и повышает терм, только если большинство согласно (согласие даёт лишь тот, кто не слышал лидера в течение electionTimeoutMinMs, и только если лог кандидата не отстаёт); выключено: терм растёт сразу, и сервер, побывший в изоляции, по возвращении свергает лидера',
  'raft.checkQuorum':
    'включено: лидер, не получивший ответа от большинства за electionTimeoutMinMs, слагает полномочия, так что лидер, отрезанный в меньшинстве, перестаёт принимать команды; выключено: он руководит своим меньшинством, пока не узнает о более новом терме',
  'raft.leaderAppendOnly':
    'включено: лидер только дописывает записи в свой лог; выключено (контроль): на каждом heartbeat он удаляет ещё не зафиксированные записи прошлых термов',
  'raft.consistencyCheck':
    'включено: ведомый отклоняет APPEND_ENTRIES, если у него нет предыдущей записи (с тем же индексом и термом); выключено (контроль): дописывает всё равно, и логи расходятся',
  'raft.oneChangeAtATime':
    'включено: лидер берёт изменение состава кластера, только когда предыдущее зафиксировано и он уже зафиксировал запись своего терма; выключено (контроль): берёт каждое изменение сразу, и две конфигурации, которые расходятся на два сервера, могут в одном терме выбрать каждая своего лидера',
};

/**
 * Translations of the cross-knob rules' messages (what the knobs panel shows when a change is
 * refused). Keys are `<scope>.<rule id>` like the knob docs; the English message stays in the rule
 * (src/sim: what the CLI prints) and the cited source stays as written.
 */
export const ruleDocsRu: Record<string, string> = {
  'net.latency-range': 'latencyMaxMs должен быть >= latencyMinMs',
  'net.tail-over-max': 'latencyP99Ms должен быть 0 (без хвоста) или >= latencyMaxMs',
  'bully.answer-round-trip':
    'answerTimeoutMs должен быть больше 2 × latencyMaxMs (OK — это путь туда и обратно)',
  'bully.coordinator-after-answer':
    'coordinatorTimeoutMs должен быть больше answerTimeoutMs + 2 × latencyMaxMs (победитель тоже ждёт свой таймаут ответа)',
  'bully.heartbeat-timeout':
    'heartbeatTimeoutMs должен быть больше heartbeatIntervalMs + latencyMaxMs (иначе живой координатор попадает под подозрение)',
  'heartbeat.timeout-range': 'electionTimeoutMaxMs должен быть >= electionTimeoutMinMs',
  'heartbeat.timeout-over-heartbeat':
    'electionTimeoutMinMs должен быть больше heartbeatIntervalMs + latencyMaxMs (иначе ведомые свергают живого лидера)',
  'heartbeat.quorum-lease':
    'с включённым кворумом electionTimeoutMinMs должен быть больше 2 × heartbeatIntervalMs + 2 × latencyMaxMs (иначе здоровый лидер теряет lease)',
  'heartbeat.vote-round-trip':
    'voteTimeoutMs должен быть больше 2 × latencyMaxMs (голос — это путь туда и обратно)',
  'heartbeat.vote-before-candidacy':
    'voteTimeoutMs должен быть меньше electionTimeoutMinMs (голоса считаются до следующей кандидатуры)',
  'lease.renew-under-ttl': 'интервал продления должен быть короче TTL (renewS < ttlS)',
  'lease.renew-under-trusted-ttl':
    'интервал продления должен быть короче той части TTL, которой доверяет лидер (renewS < ttlS × (1 − driftMarginRatio)), иначе лидер сложит полномочия между двумя keepalive',
  'lease.store-members-odd': 'в кластере etcd 1, 3 или 5 участников (storeMembers)',
  'patroni.loop-retry-ttl':
    'loop_wait + 2 × retry_timeout должно быть <= ttl (loopWaitS + 2 × retryTimeoutS <= ttlS)',
  // gossip-leader
  'gossip.suspect-over-rounds':
    'suspectTimeoutMs должен быть больше 2 × gossipIntervalMs + latencyMaxMs (иначе живой лидер попадает под подозрение между двумя раундами)',
  // kubernetes
  'kubernetes.lease-duration-over-renew-deadline':
    'leaseDuration должен быть больше renewDeadline (leaseDurationS > renewDeadlineS)',
  'kubernetes.renew-deadline-over-jittered-retry':
    'renewDeadline должен быть больше retryPeriod × JitterFactor (renewDeadlineS > 1,2 × retryPeriodS)',
  // dbjob
  'dbjob.renew-under-half-ttl':
    'с lease renewS должен быть меньше половины leaseTtlS (лидер слагает полномочия, если продление не подтверждалось дольше, чем TTL − интервал продления)',
  'dbjob.alarm-over-period':
    'jobAlarmMs должен быть больше jobEveryMs и jobAtMs (иначе тревога срабатывает между двумя нормальными запусками)',
  // sharded
  'sharded.renew-under-trusted-ttl':
    'интервал продления должен быть короче той части TTL, которой доверяет узел (renewS < ttlS × (1 − driftMarginRatio)), иначе каждый узел будет отдавать свои шарды между двумя keepalive',
  // skiplocked
  'skiplocked.idle-timeout-over-work':
    'idle_in_transaction_session_timeout должен быть 0 (выключен) или больше работы одного job-а (idleInTxTimeoutS × 1000 > workMs): пока job работает, он простаивает в транзакции и завершался бы каждый раз',
  // raft
  'raft.timeout-range': 'electionTimeoutMaxMs должен быть >= electionTimeoutMinMs',
  'raft.timeout-over-heartbeat':
    'electionTimeoutMinMs должен быть больше heartbeatIntervalMs + latencyMaxMs (иначе ведомые свергают живого лидера)',
  'raft.retry-over-heartbeat':
    'clientRetryMs должен быть больше heartbeatIntervalMs + 2 × latencyMaxMs (команда фиксируется через один круг APPEND_ENTRIES после того, как дошла до лидера)',
};
